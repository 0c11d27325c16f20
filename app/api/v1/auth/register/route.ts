import { handle, otherMethods } from "@/lib/http/route";
import { registerOperation } from "@/lib/users/operations";
import { versionEtag } from "@/lib/http/etag";
import { presentOwnAccount } from "@/lib/users/present";
import { registerUser } from "@/lib/users/service";

export const POST = handle(registerOperation, async ({ body, meta }) => {
  const user = await registerUser(body, meta);
  return { status: 201, body: presentOwnAccount(user), etag: versionEtag(user), headers: { Location: `/api/v1/users/${user.id}` } };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(registerOperation.path);
