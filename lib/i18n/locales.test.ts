import { describe, expect, it } from "vitest";
import { browserLocale, chooseLocale, localeFromAcceptLanguage, localeOfSetting } from "./locales";

describe("choosing the portal's language", () => {
  it("follows Accept-Language with its weights and regional variants", () => {
    expect(localeFromAcceptLanguage("de-DE,de;q=0.9,en;q=0.8")).toBe("de");
    expect(localeFromAcceptLanguage("fr-FR,fr;q=0.9,en;q=0.5,de;q=0.4")).toBe("en");
    expect(localeFromAcceptLanguage("fr,de;q=0.3")).toBe("de");
    expect(localeFromAcceptLanguage("fr,it")).toBeNull();
    expect(localeFromAcceptLanguage(null)).toBeNull();
    expect(localeFromAcceptLanguage("*;q=0.1,\u0000junk")).not.toBe("xx");
  });

  it("prefers the user's setting, then the visitor's cookie, then the browser, then English", () => {
    expect(chooseLocale({ userLanguage: "de", cookie: "en", acceptLanguage: "en" })).toBe("de");
    expect(chooseLocale({ userLanguage: "fr", cookie: null, acceptLanguage: "de" })).toBe("de");
    expect(chooseLocale({ cookie: "de", acceptLanguage: "en" })).toBe("de");
    expect(chooseLocale({ cookie: "<script>", acceptLanguage: "de-AT" })).toBe("de");
    expect(chooseLocale({})).toBe("en");
  });

  it("follows the browser for a user who never chose (null), as for a visitor", () => {
    expect(chooseLocale({ userLanguage: null, acceptLanguage: "de-DE,de;q=0.9" })).toBe("de");
    expect(chooseLocale({ userLanguage: null, acceptLanguage: "en-US" })).toBe("en");
    expect(chooseLocale({ userLanguage: null, cookie: "de", acceptLanguage: "en-US" })).toBe("de");
    expect(browserLocale({ acceptLanguage: "fr" })).toBeNull();
    expect(browserLocale({ cookie: "de", acceptLanguage: "en" })).toBe("de");
  });

  it("words stored texts and API answers in the setting, else (never chosen) the caller's Accept-Language, else English", () => {
    expect(localeOfSetting("de-AT", "en")).toBe("de");
    expect(localeOfSetting("fr", "de")).toBe("en");
    expect(localeOfSetting(null, "de-DE,de;q=0.9")).toBe("de");
    expect(localeOfSetting(null)).toBe("en");
    expect(localeOfSetting(undefined, "ja")).toBe("en");
  });
});
