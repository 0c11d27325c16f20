import { handle } from "@/lib/http/route";
import { exportFileName, exportOwnData } from "@/lib/privacy/export";
import { downloadOwnDataOperation } from "@/lib/privacy/operations";

export const GET = handle(downloadOwnDataOperation, async ({ actor }) => {
  const { username, data } = await exportOwnData(actor);
  return { body: data, headers: { "Content-Disposition": `attachment; filename="${exportFileName(username)}"` } };
});
