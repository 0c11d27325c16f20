import { IntlMessageFormat } from "intl-messageformat";
import { FORMATS, TIME_ZONE } from "./formats";

/**
 * Catalogue messages and named date formats compiled once per process.
 *
 * next-intl compiles a message with placeholders once per request (its formatter cache lives as
 * long as the request) and looks it up on every `t(key, values)` call by the JSON of the message
 * and of every named format: 10-15 µs a call, and creating the formatter resolves the locale
 * again. That is noticeable where a message is formatted per row of a list, and in the header,
 * which every page renders (docs/performance.md). Messages and formats are static, so these maps
 * stay as small as the catalogue: pass only catalogue text (`t.raw(key)`), never user input.
 */
const messages = new Map<string, IntlMessageFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function compiled<T>(cache: Map<string, T>, key: string, create: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = create();
    cache.set(key, value);
  }
  return value;
}

type Values = Record<string, string | number>;

/** `raw` (a catalogue message as `t.raw(key)` returns it) in `locale`, formatted with `values`. */
export function formatCompiled(locale: string, raw: string, values: Values): string {
  return String(compiled(messages, `${locale} ${raw}`, () => new IntlMessageFormat(raw, locale)).format(values));
}

/** A date in a named format of ./formats.ts, in `locale`, in UTC or the given time zone (the reader's, in the browser). */
export function formatCompiledDate(
  locale: string,
  name: keyof typeof FORMATS.dateTime,
  date: Date | string,
  timeZone: string = TIME_ZONE,
): string {
  return compiled(
    dateFormats,
    `${locale} ${name} ${timeZone}`,
    () => new Intl.DateTimeFormat(locale, { ...FORMATS.dateTime[name], timeZone }),
  ).format(new Date(date));
}

/** A number as next-intl's `format.number(value)` writes it in `locale` (no named format). */
export function formatCompiledNumber(locale: string, value: number): string {
  return compiled(numberFormats, locale, () => new Intl.NumberFormat(locale)).format(value);
}
