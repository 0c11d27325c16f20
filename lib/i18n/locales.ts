import Negotiator from "negotiator";

/**
 * The languages the portal is translated into. A user's language setting may name others (the
 * profile offers more, for mails and future catalogues); those fall back to the browser's choice
 * and then to English.
 */
export const LOCALES = ["en", "de"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The cookie a signed-out visitor's language choice is kept in (signed-in users have a setting). */
export const LOCALE_COOKIE = "pums-locale";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The best of our locales for an `Accept-Language` header, or null when none of them is acceptable. */
export function localeFromAcceptLanguage(header: string | null): Locale | null {
  if (!header) return null;
  const [best] = new Negotiator({ headers: { "accept-language": header } }).languages([...LOCALES]);
  return isLocale(best) ? best : null;
}

/**
 * The reader's own language, apart from an account's setting: their choice in the footer (cookie),
 * else the best match of the browser's `Accept-Language`; null when neither names one of ours.
 */
export function browserLocale(input: { cookie?: string | null; acceptLanguage?: string | null }): Locale | null {
  if (isLocale(input.cookie)) return input.cookie;
  return localeFromAcceptLanguage(input.acceptLanguage ?? null);
}

/**
 * The locale of a request: the signed-in user's setting, else (no setting: "follow the browser")
 * the reader's own (browserLocale), else English.
 */
export function chooseLocale(input: { userLanguage?: string | null; cookie?: string | null; acceptLanguage?: string | null }): Locale {
  if (isLocale(input.userLanguage)) return input.userLanguage;
  return browserLocale(input) ?? DEFAULT_LOCALE;
}

/**
 * The portal locale for a user's language setting outside a page (the API, stored texts, mails): a
 * regional setting counts as its language (`de-AT` is `de`), anything we have no catalogue for is
 * English. No setting (follow the browser): the request's `Accept-Language` where there is one (an
 * API call), else English (a mail: docs/i18n.md).
 */
export function localeOfSetting(language: string | null | undefined, acceptLanguage: string | null = null): Locale {
  if (language == null) return localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
  const base = language.toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : DEFAULT_LOCALE;
}
