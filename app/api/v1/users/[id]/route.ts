import { handle } from "@/lib/http/route";
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
