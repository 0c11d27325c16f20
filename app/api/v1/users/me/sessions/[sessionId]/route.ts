import { endSessionOperation } from "@/lib/account/operations";
import { endSession } from "@/lib/account/sessions";
import { handle } from "@/lib/http/route";

export const DELETE = handle(endSessionOperation, async ({ actor, params, meta }) => {
  await endSession(actor, params.sessionId, meta);
  return { status: 204 };
});
