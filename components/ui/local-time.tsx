"use client";

import { useLocale } from "next-intl";
import type { FORMATS } from "@/lib/i18n/formats";
import { formatCompiledDate } from "@/lib/i18n/compiled";
import { useHydrated } from "./use-hydrated";

let readerZone: string | undefined;
function readerTimeZone(): string {
  readerZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return readerZone;
}

/**
 * A moment as the reader knows it (docs/portal.md, "Times"): a <time> with the ISO instant, the
 * time in the reader's time zone and language as its text, and the UTC time as its title (hover).
 * The server does not know the reader's zone, so it renders UTC (saying so); the browser puts the
 * local time in after hydration. Hydration itself renders what the server did, so React sees no
 * mismatch; a client-side navigation shows the local time at once.
 */
export function LocalTime({
  at,
  format = "dateTime",
  className,
}: {
  at: Date | string;
  /** A named format of lib/i18n/formats.ts: "date" for a day, "dateTime" with the time of day. */
  format?: keyof typeof FORMATS.dateTime;
  className?: string;
}) {
  return localTime({ locale: useLocale(), inBrowser: useHydrated(), at, format, className });
}

/**
 * The same `<time>` as plain markup, for a list that renders its rows inside one component: it
 * calls `useLocale()` and `useHydrated()` once for all rows (My projects, docs/performance.md).
 */
export function localTime({
  locale,
  inBrowser,
  at,
  format = "dateTime",
  className,
}: {
  locale: string;
  inBrowser: boolean;
  at: Date | string;
  format?: keyof typeof FORMATS.dateTime;
  className?: string;
}) {
  const iso = new Date(at).toISOString();
  const utc = formatCompiledDate(locale, format, iso);
  const text = inBrowser ? formatCompiledDate(locale, format, iso, readerTimeZone()) : format === "date" ? utc : `${utc} UTC`;
  return (
    <time dateTime={iso} title={`${formatCompiledDate(locale, "dateTime", iso)} UTC`} className={className}>
      {text}
    </time>
  );
}
