import { createFormatter, createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { formatCompiled, formatCompiledDate, formatCompiledNumber } from "./compiled";
import { FORMATS, TIME_ZONE } from "./formats";
import { LOCALES } from "./locales";
import { MESSAGES } from "./messages";

// The compiled messages must say exactly what next-intl's `t` says, in every language.
describe("compiled messages", () => {
  const cases: [namespace: "nav" | "projects.mine.list" | "projects.directory", key: string, values: Record<string, string | number>][] = [
    ["nav", "unread", { count: 0 }],
    ["nav", "unread", { count: 1 }],
    ["nav", "unread", { count: 1234 }],
    ["nav", "userMenu", { name: "Ada <Lovelace> {x}" }],
    ["projects.mine.list", "roleSince", { role: "Manager", since: "Nov 23, 2026" }],
    ["projects.mine.list", "manageLabel", { project: "Skyforge" }],
    ["projects.mine.list", "leaveLabel", { project: "Skyforge" }],
    ["projects.directory", "count", { count: 0 }],
    ["projects.directory", "count", { count: 1 }],
    ["projects.directory", "count", { count: 12345 }],
    ["projects.directory", "removeFilter", { value: "Minecraft <b> {x}" }],
  ];

  for (const locale of LOCALES) {
    it(`formats like next-intl in ${locale}`, () => {
      for (const [namespace, key, values] of cases) {
        const t = createTranslator({ locale, messages: MESSAGES[locale], namespace, formats: FORMATS, timeZone: TIME_ZONE }) as unknown as {
          (key: string, values: Record<string, string | number>): string;
          raw(key: string): string;
        };
        expect(formatCompiled(locale, t.raw(key), values)).toBe(t(key, values));
      }
    });

    it(`formats a number like next-intl in ${locale}`, () => {
      const format = createFormatter({ locale, formats: FORMATS, timeZone: TIME_ZONE });
      for (const value of [0, 7, 1234, 1234567.5]) expect(formatCompiledNumber(locale, value)).toBe(format.number(value));
    });

    it(`formats a date like next-intl's named format in ${locale}, in UTC`, () => {
      const format = createFormatter({ locale, formats: FORMATS, timeZone: TIME_ZONE });
      const lateInTheDay = new Date("2026-11-23T23:30:00Z");
      expect(formatCompiledDate(locale, "date", lateInTheDay)).toBe(format.dateTime(lateInTheDay, "date"));
      expect(formatCompiledDate(locale, "date", lateInTheDay.toISOString())).toBe(format.dateTime(lateInTheDay, "date"));
    });
  }
});
