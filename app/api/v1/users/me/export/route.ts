import { contentEtag } from "@/lib/http/etag";
import { handle, otherMethods } from "@/lib/http/route";
import { exportFileName, exportOwnData } from "@/lib/privacy/export";
import { downloadOwnDataOperation } from "@/lib/privacy/operations";

export const GET = handle(downloadOwnDataOperation, async ({ actor }) => {
  const { username, data } = await exportOwnData(actor);
  // The same data exported again is the same answer to If-None-Match, whenever it was made.
  return {
    body: data,
    etag: contentEtag(JSON.stringify({ ...data, exportedAt: null })),
    headers: { "Content-Disposition": `attachment; filename="${exportFileName(username)}"` },
  };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(downloadOwnDataOperation.path);
