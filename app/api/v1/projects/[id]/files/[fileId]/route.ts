import { deleteFileOperation, getFileOperation } from "@/lib/downloads/operations";
import { deleteFile, getFile } from "@/lib/downloads/service";
import { handle, otherMethods } from "@/lib/http/route";

export const GET = handle(getFileOperation, async ({ actor, params }) => ({ body: await getFile(actor, params.id, params.fileId) }));

export const DELETE = handle(deleteFileOperation, async ({ actor, params, meta }) => {
  await deleteFile(actor, params.id, params.fileId, meta);
  return { status: 204 };
});

export const { POST, PUT, PATCH, OPTIONS } = otherMethods(getFileOperation.path);
