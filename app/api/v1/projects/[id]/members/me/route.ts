import { leaveProjectOperation } from "@/lib/applications/operations";
import { leaveProject } from "@/lib/applications/service";
import { handle, otherMethods } from "@/lib/http/route";

export const DELETE = handle(leaveProjectOperation, async ({ actor, params, meta }) => {
  await leaveProject(actor, params.id, meta);
  return { status: 204 };
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods(leaveProjectOperation.path);
