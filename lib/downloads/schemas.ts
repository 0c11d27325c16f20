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

/** MAX_UPLOAD_BYTES, default 2 GiB: the size limit of one uploaded file. */
export function maxUploadBytes(): number {
  const configured = Number(process.env.MAX_UPLOAD_BYTES);
  return Number.isSafeInteger(configured) && configured > 0 ? configured : 2 * 1024 ** 3;
}

/** A file name as a user sees it when downloading: no folders, no control characters. */
export const fileNameSchema = z
  .string()
  .trim()
  .min(1, "Name the file.")
  .max(200, "Use at most 200 characters.")
  .refine((name) => !/[\\/\u0000-\u001f\u007f]/.test(name) && name !== "." && name !== "..", "Use a file name without folders or control characters.");

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
