import { handle, otherMethods } from "@/lib/http/route";
import { readAvatar } from "@/lib/users/avatar";
import { getAvatarOperation } from "@/lib/users/operations";

export const GET = handle(getAvatarOperation, async ({ params }) => {
  const avatar = await readAvatar(params.id);
  return { file: { bytes: avatar.bytes, contentType: avatar.contentType }, etag: avatar.etag };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(getAvatarOperation.path);
