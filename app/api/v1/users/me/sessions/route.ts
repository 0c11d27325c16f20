import { endOtherSessionsOperation, listSessionsOperation } from "@/lib/account/operations";
import { endOtherSessions, listSessions } from "@/lib/account/sessions";
import { handle, otherMethods } from "@/lib/http/route";

export const GET = handle(listSessionsOperation, async ({ actor, query }) => ({ body: await listSessions(actor, query) }));

export const DELETE = handle(endOtherSessionsOperation, async ({ actor, meta }) => {
  await endOtherSessions(actor, meta);
  return { status: 204 };
});

export const { POST, PUT, PATCH, OPTIONS } = otherMethods(listSessionsOperation.path);
