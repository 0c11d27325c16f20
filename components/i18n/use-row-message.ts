import { IntlMessageFormat } from "intl-messageformat";
import { useLocale } from "next-intl";
import { useMemo } from "react";
import { FORMATS, TIME_ZONE } from "@/lib/i18n/formats";

type Values = Record<string, string | number>;

// Lists format the same message on every row. next-intl's `t(key, values)` and `format.dateTime`
// find their compiled formatter in a cache keyed by the JSON of the message and of every named
// format, on every call (10-15 µs of server time). Three labels and a date on each of 20 rows made
// that most of My projects' rendering (docs/performance.md). These compile once per render.

/**
 * `raw` (the message as `t.raw(key)` returns it) compiled once, formatted per row. For `{name}`
 * placeholders, plurals and selects; dates and numbers are passed already formatted.
 */
export function useRowMessage(raw: string): (values: Values) => string {
  const locale = useLocale();
  return useMemo(() => {
    const message = new IntlMessageFormat(raw, locale);
    return (values: Values) => String(message.format(values));
  }, [raw, locale]);
}

/** A named date format of lib/i18n/formats.ts, compiled once, formatting a date per row. */
export function useRowDateFormat(name: keyof typeof FORMATS.dateTime): (date: Date | string) => string {
  const locale = useLocale();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { ...FORMATS.dateTime[name], timeZone: TIME_ZONE });
    return (date: Date | string) => format.format(new Date(date));
  }, [name, locale]);
}
