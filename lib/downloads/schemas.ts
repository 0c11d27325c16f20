import { z } from "zod";
import { paginationQuerySchema } from "../http/pagination";

/** Download (uploaded file) fields, shared by the API, the portal and the OpenAPI document. */

export const DOWNLOAD_KINDS = ["LAUNCHER_FILE", "MODPACK", "SOFTWARE", "UPDATE", "OTHER"] as const;
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];

export const DOWNLOAD_KIND_LABELS: Record<DownloadKind, string> = {
  LAUNCHER_FILE: "Launcher file",
  MODPACK: "Modpack",
  SOFTWARE: "Software",
  UPDATE: "Update",
  OTHER: "Other",
};

/** The only type files are stored and served as: the bytes are never interpreted by a browser. */
export const UPLOAD_CONTENT_TYPE = "application/octet-stream";

/** A positive whole number from the environment, else `fallback`. */
function positiveSetting(name: string, fallback: number): number {
  const configured = Number(process.env[name]);
  return Number.isSafeInteger(configured) && configured > 0 ? configured : fallback;
}

/** MAX_UPLOAD_BYTES, default 2 GiB: the size limit of one uploaded file. */
export function maxUploadBytes(): number {
  return positiveSetting("MAX_UPLOAD_BYTES", 2 * 1024 ** 3);
}

/**
 * PROJECT_STORAGE_QUOTA_BYTES, default 10 GiB: what a project's files (the sum of their sizes) may
 * take. The default holds several files of the benchmark's 1 GiB.
 */
export function projectStorageQuotaBytes(): number {
  return positiveSetting("PROJECT_STORAGE_QUOTA_BYTES", 10 * 1024 ** 3);
}

/** MAX_CONCURRENT_UPLOADS_PER_USER, default 2: uploads one user may run at once (429 beyond). */
export function maxConcurrentUploadsPerUser(): number {
  return positiveSetting("MAX_CONCURRENT_UPLOADS_PER_USER", 2);
}

/** Characters no file name may hold: folder separators, what Windows forbids, control characters (C0, DEL, C1). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the class exists to find control characters in a file name
const FORBIDDEN_NAME_CHARACTERS = /[<>:"/\\|?*\u0000-\u001f\u007f-\u009f]/;
/**
 * Invisible formatting characters, which can make a name show as another: direction marks,
 * embeddings, overrides and isolates (`setup\u202Etxt.exe` shows as `setupexe.txt`), zero-width
 * spaces and joiners, the word joiner and invisible operators, the byte order mark: every format
 * character (Cf), line and paragraph separator, and default-ignorable code point (soft hyphen,
 * variation selectors, Hangul fillers, tags), which a system may draw as nothing.
 */
const INVISIBLE_NAME_CHARACTERS = /[\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
/** Windows opens the device instead of a file by these names, whatever the extension (`con.txt`, `nul.tar.gz`). */
const WINDOWS_DEVICE_NAMES = /^(?:con|prn|aux|nul|conin\$|conout\$|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])$/i;

/**
 * Why a launcher could not write a file by this name on every system it runs on, or null when it
 * can. Windows is the strictest: it refuses `< > : " | ? *`, drops a trailing dot or space (so
 * `game.exe.` would be written as another file), and reads device names as devices. Folders,
 * control characters and invisible formatting characters are refused everywhere. A name must be
 * in Unicode NFC (composed form): it is refused, not normalised, so the name stored is always the
 * one the uploader sent, and two spellings of one name (`e\u0301` and `\u00e9`) never both exist.
 */
export function fileNameFault(name: string): string | null {
  if (FORBIDDEN_NAME_CHARACTERS.test(name)) return 'Use a file name without folders, control characters or any of < > : " | ? *.';
  if (INVISIBLE_NAME_CHARACTERS.test(name))
    return "Use a file name without invisible characters (zero-width spaces, direction marks or overrides, byte order marks): they can disguise what a file is.";
  if (name.normalize("NFC") !== name)
    return "Write the file name in composed form (Unicode NFC): an accented letter as one character, not a letter followed by a combining accent.";
  if (/[. ]$/.test(name)) return "A file name may not end with a dot or a space.";
  if (WINDOWS_DEVICE_NAMES.test(name.split(".")[0]!.trimEnd()))
    return "Windows reserves CON, PRN, AUX, NUL, COM0-COM9 and LPT0-LPT9, also with an extension (con.txt): choose another file name.";
  return null;
}

/**
 * The name as a case-insensitive file system compares it: Windows and macOS see `Game.exe` and
 * `game.EXE` as one file. Upper- then lower-cased, so `ß` and `ss`, `ς` and `σ` count as one too.
 */
export function fileNameKey(name: string): string {
  return name.normalize("NFC").toUpperCase().toLowerCase();
}

/**
 * A file name as a player's launcher writes it and a user sees it when downloading (fileNameFault).
 * The upload API, its OpenAPI document and the portal's upload form all check with this schema.
 */
export const fileNameSchema = z
  .string()
  .min(1, "Name the file.")
  .max(200, "Use at most 200 characters.")
  .superRefine((name, context) => {
    const fault = fileNameFault(name);
    if (fault) context.addIssue({ code: "custom", message: fault });
  })
  .meta({
    description:
      "The file's name as launchers write it: 1-200 characters in Unicode NFC (composed form); no / \\ < > : \" | ? *, control characters or invisible formatting characters (U+061C, U+200B-U+200F, U+202A-U+202E, U+2060-U+2064, U+2066-U+2069, U+FEFF); no trailing dot or space; no Windows device name (CON, PRN, AUX, NUL, COM0-9, LPT0-9), also not with an extension. Unique, ignoring case, among the files of its release (or among the project's files without a release): 409 name_taken otherwise.",
  });

export const uploadQuerySchema = z.strictObject({
  name: fileNameSchema,
  kind: z.enum(DOWNLOAD_KINDS, "Choose LAUNCHER_FILE, MODPACK, SOFTWARE, UPDATE or OTHER.").default("OTHER"),
  releaseId: z.string().min(1).max(64).optional(),
});
export type UploadQuery = z.infer<typeof uploadQuerySchema>;

export const listFilesQuerySchema = paginationQuerySchema.extend({
  kind: z.enum(DOWNLOAD_KINDS, "Unknown kind.").optional(),
  releaseId: z.string().min(1).max(64).optional(),
});
export type ListFilesQuery = z.infer<typeof listFilesQuerySchema>;

export const fileSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(DOWNLOAD_KINDS),
  size: z.number().int(),
  sha256: z.string(),
  releaseId: z.string().nullable(),
  downloadCount: z.number().int(),
  createdAt: z.iso.datetime(),
  /** Where the bytes are: GET with Range support, ETag = sha256. */
  url: z.string(),
});
export type FileView = z.infer<typeof fileSchema>;
