import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { cache } from "react";
import { getPortalActor } from "../auth/portal";
import { FORMATS, TIME_ZONE } from "../i18n/formats";
import { chooseLocale, LOCALE_COOKIE, type Locale } from "../i18n/locales";
import { MESSAGES } from "../i18n/messages";

/** The language of this portal request (lib/i18n/locales.ts says the order of preference). */
export const portalLocale = cache(async (): Promise<Locale> => {
  const [actor, cookieStore, headerList] = await Promise.all([getPortalActor(), cookies(), headers()]);
  return chooseLocale({
    userLanguage: actor?.language,
    cookie: cookieStore.get(LOCALE_COOKIE)?.value,
    acceptLanguage: headerList.get("accept-language"),
  });
});

// next-intl's request configuration (next.config.mjs points its plugin here).
export default getRequestConfig(async () => {
  const locale = await portalLocale();
  return { locale, messages: MESSAGES[locale], formats: FORMATS, timeZone: TIME_ZONE };
});
