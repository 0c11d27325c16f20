import { useLocale } from "next-intl";
import { formatCompiled } from "@/lib/i18n/compiled";

// Lists format the same message on every row; next-intl's `t(key, values)` costs 10-15 µs a call
// (lib/i18n/compiled.ts says why). Three labels and a date on each of 20 rows made that most of
// My projects' rendering (docs/performance.md). This uses messages compiled once per process; dates
// are components/ui/local-time.tsx (named formats compiled once as well).

/**
 * `raw` (a catalogue message as `t.raw(key)` returns it), formatted per row. For `{name}`
 * placeholders, plurals and selects; dates and numbers are passed already formatted.
 */
export function useRowMessage(raw: string): (values: Record<string, string | number>) => string {
  const locale = useLocale();
  return (values) => formatCompiled(locale, raw, values);
}
