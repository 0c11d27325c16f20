import { handle, otherMethods } from "@/lib/http/route";
import { localeFromAcceptLanguage } from "@/lib/i18n/locales";
import { registerOperation } from "@/lib/users/operations";
import { versionEtag } from "@/lib/http/etag";
import { presentOwnAccount } from "@/lib/users/present";
import { registerUser } from "@/lib/users/service";

/** The account speaks the language the client names, else the one its Accept-Language prefers, else follows the browser (docs/i18n.md). */
export const POST = handle(registerOperation, async ({ body, meta, request }) => {
  const user = await registerUser(body, meta, localeFromAcceptLanguage(request.headers.get("accept-language")));
  return { status: 201, body: presentOwnAccount(user), etag: versionEtag(user), headers: { Location: `/api/v1/users/${user.id}` } };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(registerOperation.path);
