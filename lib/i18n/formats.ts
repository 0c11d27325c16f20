import type { Formats } from "next-intl";

/**
 * Named date and number formats, so every page shows a date the same way in a language
 * (`format.dateTime(date, "short")`). Times are shown in UTC, said so next to them where it matters:
 * pages are rendered on the server, which does not know the reader's time zone.
 */
export const FORMATS = {
  dateTime: {
    date: { year: "numeric", month: "short", day: "numeric" },
    longDate: { year: "numeric", month: "long", day: "numeric" },
    dateTime: { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" },
  },
  number: {
    integer: { maximumFractionDigits: 0 },
  },
} satisfies Formats;

export const TIME_ZONE = "UTC";
