import { guardedBy, idParams, operationsOf, pageOf, pathIds, problem } from "../http/operation";
import { fileSchema, listFilesQuerySchema, maxUploadBytes, UPLOAD_CONTENT_TYPE, uploadQuerySchema } from "./schemas";

const fileParams = pathIds("id", "fileId");
const NOT_VISIBLE = problem(
  "No such project or file, not visible to you (a draft or yanked release's files included), or the project's DOWNLOADS module is off",
);

const { anyone, signedIn } = operationsOf("Downloads");

export const uploadFileOperation = signedIn.post("/api/v1/projects/{id}/files", {
  reviewedContent: true,
  summary: "Upload a file (the raw bytes as the body)",
  description:
    "Needs downloads.manage. Send the file itself as `application/octet-stream`; it is streamed to storage, its size and sha256 measured on the way. A file larger than MAX_UPLOAD_BYTES (default 2 GiB) is refused with 413 as soon as the limit is passed, and nothing is kept; neither is anything of an interrupted upload. A project's files may take at most PROJECT_STORAGE_QUOTA_BYTES (default 10 GiB) together: an upload that would pass it is refused with 413 `quota_exceeded` (before reading when Content-Length says so, else as soon as it passes), and nothing is kept; two concurrent uploads never pass it together. A user runs at most MAX_CONCURRENT_UPLOADS_PER_USER uploads (default 2) at once: another one is refused with 429 `too_many_uploads` and Retry-After. `releaseId` attaches it to a release that is not yanked.",
  params: idParams,
  query: uploadQuerySchema,
  streamBody: { contentTypes: [UPLOAD_CONTENT_TYPE], maxBytes: maxUploadBytes },
  responses: {
    201: { description: "The stored file", schema: fileSchema, headers: ["Location"] },
    ...guardedBy("downloads.manage", NOT_VISIBLE),
    409: problem("The release's files are frozen (`release_locked`), or the project is in review (`in_review`)"),
    413: problem(
      "Larger than MAX_UPLOAD_BYTES (`payload_too_large`), or the project's files would pass PROJECT_STORAGE_QUOTA_BYTES (`quota_exceeded`)",
    ),
    422: problem("The release is yanked"),
    429: problem("MAX_CONCURRENT_UPLOADS_PER_USER of your uploads are running (`too_many_uploads`): retry after Retry-After"),
  },
});

export const listFilesOperation = anyone.get("/api/v1/projects/{id}/files", {
  summary: "The project's files you may see, newest first",
  params: idParams,
  query: listFilesQuerySchema,
  responses: { 200: pageOf("A page of files", fileSchema), 404: NOT_VISIBLE },
});

export const getFileOperation = anyone.get("/api/v1/projects/{id}/files/{fileId}", {
  summary: "One file's size, sha256 and download count",
  params: fileParams,
  responses: { 200: { description: "The file", schema: fileSchema }, 404: NOT_VISIBLE },
});

const DOWNLOAD_HEADERS = ["ETag", "Accept-Ranges", "Content-Disposition", "Content-Length"] as const;

export const downloadFileOperation = anyone.get("/api/v1/projects/{id}/files/{fileId}/download", {
  summary: "Download a file",
  description:
    "The bytes, streamed, with `Content-Length`, `Content-Disposition` (the file name) and `ETag` (the quoted sha256). One `Range: bytes=` range gives 206 with `Content-Range`; a range past the end gives 416; `If-Range` is honoured. A download counts once per client, file and UTC day (the client: the signed-in user, else a keyed hash of the address, an IPv6 address's /64), and only for a whole answer or a range that starts at byte 0; HEAD, 304 and 416 count nothing. The count shown may lag by the data cache's seconds (DATA_CACHE_SECONDS).",
  params: fileParams,
  ranges: true,
  responses: {
    200: { description: "The whole file", binary: UPLOAD_CONTENT_TYPE, headers: DOWNLOAD_HEADERS },
    206: { description: "The requested range", binary: UPLOAD_CONTENT_TYPE, headers: [...DOWNLOAD_HEADERS, "Content-Range"] },
    304: { description: "Not modified: If-None-Match names the sha256" },
    404: NOT_VISIBLE,
    416: { ...problem("The range starts past the end of the file (`Content-Range` names the size)"), headers: ["Content-Range"] },
  },
});

export const deleteFileOperation = signedIn.delete("/api/v1/projects/{id}/files/{fileId}", {
  reviewedContent: true,
  summary: "Delete a file",
  params: fileParams,
  responses: {
    204: { description: "Deleted" },
    ...guardedBy("downloads.manage", NOT_VISIBLE),
    409: problem("The file's release is frozen (`release_locked`), or the project is in review (`in_review`)"),
  },
});
