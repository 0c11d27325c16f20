import { cookies, headers } from "next/headers";
import { cache } from "react";
import { getPortalActor } from "../auth/portal";
import { browserLocale, chooseLocale, LOCALE_COOKIE, type Locale } from "../i18n/locales";

/** The reader's footer choice and browser languages of this request. */
const readerPreferences = cache(async () => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  return { cookie: cookieStore.get(LOCALE_COOKIE)?.value, acceptLanguage: headerList.get("accept-language") };
});

/** The language of this portal request (lib/i18n/locales.ts says the order of preference). */
export const portalLocale = cache(async (): Promise<Locale> => {
  const [actor, preferences] = await Promise.all([getPortalActor(), readerPreferences()]);
  return chooseLocale({ userLanguage: actor?.language, ...preferences });
});

/** The language this request's pages are in for an account with this setting (null: follow the browser). */
export async function portalLocaleFor(language: string | null): Promise<Locale> {
  return chooseLocale({ userLanguage: language, ...(await readerPreferences()) });
}

/** The reader's own language (their footer choice, else their browser's), or null when neither is one of ours. */
export async function portalBrowserLocale(): Promise<Locale | null> {
  return browserLocale(await readerPreferences());
}
