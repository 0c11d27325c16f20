import { z } from "zod";
import { paginationQuerySchema } from "../http/pagination";
import { fileNameFault, installPathFault, MAX_INSTALL_PATH } from "./paths";

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

/** The platforms a file can be for: operating system and processor, as launchers name them. */
export const FILE_PLATFORMS = ["windows-x64", "windows-arm64", "linux-x64", "linux-arm64", "macos-x64", "macos-arm64"] as const;
export type FilePlatform = (typeof FILE_PLATFORMS)[number];
/** The platforms' names: proper names, the same in every language. */
export const FILE_PLATFORM_NAMES: Record<FilePlatform, string> = {
  "windows-x64": "Windows x64",
  "windows-arm64": "Windows ARM64",
  "linux-x64": "Linux x64",
  "linux-arm64": "Linux ARM64",
  "macos-x64": "macOS x64",
  "macos-arm64": "macOS ARM64",
};

/** A path inside the game's folder (installPathFault), as the upload and the portal's form take it. */
export const installPathSchema = z
  .string()
  .max(MAX_INSTALL_PATH, `Use at most ${MAX_INSTALL_PATH} characters.`)
  .superRefine((path, context) => {
    const fault = installPathFault(path);
    if (fault) context.addIssue({ code: "custom", message: fault });
  });

const PLATFORMS_HELP = `Name platforms from ${FILE_PLATFORMS.join(", ")}, separated by commas.`;

/** `platforms=linux-x64,linux-arm64` as the list it names (no repeats); empty: every platform (null). */
export const platformListSchema = z
  .string()
  .max(200, PLATFORMS_HELP)
  .refine((value) => value === "" || value.split(",").every((name) => (FILE_PLATFORMS as readonly string[]).includes(name)), PLATFORMS_HELP)
  .transform((value) => (value === "" ? null : FILE_PLATFORMS.filter((name) => value.split(",").includes(name))));

export const uploadQuerySchema = z.strictObject({
  name: fileNameSchema,
  kind: z.enum(DOWNLOAD_KINDS, "Choose LAUNCHER_FILE, MODPACK, SOFTWARE, UPDATE or OTHER.").default("OTHER"),
  releaseId: z.string().min(1).max(64).optional(),
  path: installPathSchema.optional().meta({
    description:
      "Where the launcher puts the file, relative to the game's folder (default: the file's name); with `extract=true` the folder the archive extracts into (default: the game's folder). Relative, forward slashes, no `.`, `..` or empty parts, each part a valid file name (see `name`), at most 260 characters: 400 otherwise.",
  }),
  platforms: platformListSchema.optional().meta({
    description: `The platforms the file is for, comma-separated (${FILE_PLATFORMS.join(", ")}); absent or empty: all.`,
  }),
  extract: z
    .enum(["true", "false"], "Send extract=true or extract=false.")
    .transform((value) => value === "true")
    .optional()
    .meta({
      description:
        "`true`: a zip archive the launcher extracts into `path`. Its entries are read at upload and listed as `contents` (path, size, sha256); an unsafe archive (entries outside the folder, links, encryption, duplicate paths, more than the documented entries, bytes or compression ratio) is refused with 400 and nothing is kept.",
    }),
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
  path: z
    .string()
    .nullable()
    .describe(
      "The install path as uploaded: for a plain file its path (null: its name), for an archive its folder (null: the game's folder).",
    ),
  platforms: z.array(z.enum(FILE_PLATFORMS)).nullable().describe("The platforms it is for; null: all."),
  extract: z.boolean().describe("A zip archive the launcher extracts."),
  entryCount: z.number().int().nullable().describe("An archive's file entries (extract only; null otherwise)."),
});
export type FileView = z.infer<typeof fileSchema>;
