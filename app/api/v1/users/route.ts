import { handle, otherMethods } from "@/lib/http/route";
import { listUsersOperation } from "@/lib/users/operations";
import { searchUsers } from "@/lib/users/service";

export const GET = handle(listUsersOperation, async ({ actor, query }) => ({ body: await searchUsers(actor, query) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(listUsersOperation.path);
