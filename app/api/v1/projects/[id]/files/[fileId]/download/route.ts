import { downloadFileOperation } from "@/lib/downloads/operations";
import { openDownload } from "@/lib/downloads/service";
import { handle, otherMethods } from "@/lib/http/route";

export const GET = handle(downloadFileOperation, async ({ actor, params, request, meta }) =>
  openDownload(actor, params.id, params.fileId, { range: request.headers.get("range"), ifRange: request.headers.get("if-range") }, meta),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(downloadFileOperation.path);
