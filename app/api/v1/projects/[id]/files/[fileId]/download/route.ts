import { downloadFileOperation } from "@/lib/downloads/operations";
import { openDownload } from "@/lib/downloads/service";
import { handle } from "@/lib/http/route";

export const GET = handle(downloadFileOperation, async ({ actor, params, request, meta }) =>
  openDownload(actor, params.id, params.fileId, { range: request.headers.get("range"), ifRange: request.headers.get("if-range") }, meta),
);
