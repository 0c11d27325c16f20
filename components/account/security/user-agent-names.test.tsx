import { describe, expect, it } from "vitest";
import { renderHtml } from "@/components/testing/render-html";
import { parseUserAgent } from "@/lib/auth/user-agent";
import type { Locale } from "@/lib/i18n/locales";
import { useUserAgentNames } from "./user-agent-names";

function Names({ userAgent }: { userAgent: string | null }) {
  const named = useUserAgentNames();
  const { browser, os } = parseUserAgent(userAgent);
  return `${named(browser)} / ${named(os)}`;
}

const render = (locale: Locale, userAgent: string | null) => renderHtml(<Names userAgent={userAgent} />, { locale });

describe("browser and system names on the security page", () => {
  it("word what the service did not recognise in the reader's language, and keep proper names", () => {
    expect(render("de", null)).toBe("Unbekannter Browser / unbekanntes System");
    expect(render("de", "SomeBot/1.0")).toBe("Anderes Programm / unbekanntes System");
    expect(render("en", null)).toBe("Unknown browser / Unknown system");
    expect(render("de", "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0")).toBe("Chrome / Linux");
  });
});
