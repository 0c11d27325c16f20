import { handle } from "@/lib/http/route";
import { followProjectOperation, unfollowProjectOperation } from "@/lib/notifications/operations";
import { followProject, unfollowProject } from "@/lib/notifications/preferences";

export const PUT = handle(followProjectOperation, async ({ actor, params }) => ({ body: await followProject(actor, params.id) }));

export const DELETE = handle(unfollowProjectOperation, async ({ actor, params }) => ({ body: await unfollowProject(actor, params.id) }));
