import { handle, otherMethods } from "@/lib/http/route";
import { exportFileName, exportOwnData } from "@/lib/privacy/export";
import { downloadOwnDataOperation } from "@/lib/privacy/operations";

export const GET = handle(downloadOwnDataOperation, async ({ actor }) => {
  const { username, data } = await exportOwnData(actor);
  return { body: data, headers: { "Content-Disposition": `attachment; filename="${exportFileName(username)}"` } };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(downloadOwnDataOperation.path);
