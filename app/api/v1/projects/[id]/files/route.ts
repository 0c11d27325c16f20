import { uploadFileOperation, listFilesOperation } from "@/lib/downloads/operations";
import { listFiles, uploadFile } from "@/lib/downloads/service";
import { created, handle, otherMethods } from "@/lib/http/route";

export const GET = handle(listFilesOperation, async ({ actor, params, query }) => ({ body: await listFiles(actor, params.id, query) }));

export const POST = handle(uploadFileOperation, async ({ actor, params, query, upload, meta }) => {
  const file = await uploadFile(actor, params.id, query, upload!.stream, meta, upload!.declaredBytes);
  return created(file, `/api/v1/projects/${params.id}/files/${file.id}`);
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(listFilesOperation.path);
