import { handle } from "@/lib/http/route";
import { getMeOperation, updateMeOperation } from "@/lib/users/operations";
import { userEtag } from "@/lib/users/present";
import { getOwnAccount, updateOwnAccount } from "@/lib/users/service";

export const GET = handle(getMeOperation, async ({ actor }) => {
  const { user, account } = await getOwnAccount(actor);
  return { body: account, etag: userEtag(user) };
});

export const PUT = handle(updateMeOperation, async ({ actor, body, expectedVersion, meta }) => {
  const { user, account } = await updateOwnAccount(actor, body, expectedVersion, meta);
  return { body: account, etag: userEtag(user) };
});
