import { handle } from "@/lib/http/route";
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
