import { cookies, headers } from "next/headers";
import { cache } from "react";
import { getPortalActor } from "../auth/portal";
import { chooseLocale, LOCALE_COOKIE, type Locale } from "../i18n/locales";

/** The language of this portal request (lib/i18n/locales.ts says the order of preference). */
export const portalLocale = cache(async (): Promise<Locale> => {
  const [actor, cookieStore, headerList] = await Promise.all([getPortalActor(), cookies(), headers()]);
  return chooseLocale({
    userLanguage: actor?.language,
    cookie: cookieStore.get(LOCALE_COOKIE)?.value,
    acceptLanguage: headerList.get("accept-language"),
  });
});
