import { handle, otherMethods } from "@/lib/http/route";
import { revokeWarningOperation } from "@/lib/warnings/operations";
import { revokeWarning } from "@/lib/warnings/service";

export const DELETE = handle(revokeWarningOperation, async ({ actor, params, meta }) => {
  await revokeWarning(actor, params.warningId, meta);
  return { status: 204 };
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods(revokeWarningOperation.path);
