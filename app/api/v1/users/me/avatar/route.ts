import { versionEtag } from "@/lib/http/etag";
import { handle, otherMethods } from "@/lib/http/route";
import { uploadAvatar } from "@/lib/users/avatar";
import { uploadAvatarOperation } from "@/lib/users/operations";
import { getOwnAccount } from "@/lib/users/service";

export const PUT = handle(uploadAvatarOperation, async ({ actor, file, meta }) => {
  await uploadAvatar(actor, file!, meta);
  const { user, account } = await getOwnAccount(actor);
  return { body: account, etag: versionEtag(user) };
});

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods(uploadAvatarOperation.path);
