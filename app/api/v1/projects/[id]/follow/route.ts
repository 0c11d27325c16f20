import { handle, otherMethods } from "@/lib/http/route";
import { followProjectOperation, unfollowProjectOperation } from "@/lib/notifications/operations";
import { followProject, unfollowProject } from "@/lib/notifications/preferences";

export const PUT = handle(followProjectOperation, async ({ actor, params, ifMatch }) => ({
  body: await followProject(actor, params.id, ifMatch),
}));

export const DELETE = handle(unfollowProjectOperation, async ({ actor, params, ifMatch }) => ({
  body: await unfollowProject(actor, params.id, ifMatch),
}));

export const { GET, POST, PATCH, OPTIONS } = otherMethods(followProjectOperation.path);
