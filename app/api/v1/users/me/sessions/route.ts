import { endOtherSessionsOperation, listSessionsOperation } from "@/lib/account/operations";
import { endOtherSessions, listSessions } from "@/lib/account/sessions";
import { handle } from "@/lib/http/route";

export const GET = handle(listSessionsOperation, async ({ actor, query }) => ({ body: await listSessions(actor, query) }));

export const DELETE = handle(endOtherSessionsOperation, async ({ actor, meta }) => {
  await endOtherSessions(actor, meta);
  return { status: 204 };
});
