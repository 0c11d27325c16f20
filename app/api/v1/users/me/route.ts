import { handle, otherMethods } from "@/lib/http/route";
import { deleteOwnAccount } from "@/lib/privacy/deletion";
import { deleteOwnAccountOperation } from "@/lib/privacy/operations";
import { getMeOperation, updateMeOperation } from "@/lib/users/operations";
import { versionEtag } from "@/lib/http/etag";
import { getOwnAccount, updateOwnAccount } from "@/lib/users/service";

export const GET = handle(getMeOperation, async ({ actor }) => {
  const { user, account } = await getOwnAccount(actor);
  return { body: account, etag: versionEtag(user) };
});

export const PUT = handle(updateMeOperation, async ({ actor, body, expectedVersion, meta }) => {
  const { user, account } = await updateOwnAccount(actor, body, expectedVersion, meta);
  return { body: account, etag: versionEtag(user) };
});

export const DELETE = handle(deleteOwnAccountOperation, async ({ actor, body, ifMatch, meta }) => {
  return { status: 202, body: await deleteOwnAccount(actor, body, ifMatch, meta) };
});

export const { POST, PATCH, OPTIONS } = otherMethods(getMeOperation.path);
