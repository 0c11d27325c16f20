import { endSessionOperation } from "@/lib/account/operations";
import { endSession } from "@/lib/account/sessions";
import { handle, otherMethods } from "@/lib/http/route";

export const DELETE = handle(endSessionOperation, async ({ actor, params, meta }) => {
  await endSession(actor, params.sessionId, meta);
  return { status: 204 };
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods(endSessionOperation.path);
