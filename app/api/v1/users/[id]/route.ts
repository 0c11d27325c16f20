import { handle, otherMethods } from "@/lib/http/route";
import { deleteAccountAsStaff } from "@/lib/privacy/deletion";
import { deleteUserOperation } from "@/lib/privacy/operations";
import { getUserOperation, updateUserOperation } from "@/lib/users/operations";
import { versionEtag } from "@/lib/http/etag";
import { getUser, updateUserAsStaff } from "@/lib/users/service";

export const GET = handle(getUserOperation, async ({ actor, params }) => {
  const { user, body } = await getUser(actor, params.id);
  return { body, etag: versionEtag(user) };
});

export const PUT = handle(updateUserOperation, async ({ actor, params, body, expectedVersion, meta }) => {
  const { user, body: record } = await updateUserAsStaff(actor, params.id, body, expectedVersion, meta);
  return { body: record, etag: versionEtag(user) };
});

export const DELETE = handle(deleteUserOperation, async ({ actor, params, ifMatch, meta }) => {
  return { status: 202, body: await deleteAccountAsStaff(actor, params.id, ifMatch, meta) };
});

export const { POST, PATCH, OPTIONS } = otherMethods(getUserOperation.path);
