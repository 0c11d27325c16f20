/**
 * Gaps in the table of server messages, as they happen: an English message handed to a reader of
 * another language. Apart from the table (no JSON import), so the browser tests' fixtures can use
 * the marker.
 */
type UntranslatedReporter = (message: string, locale: string) => void;
const REPORTER = Symbol.for("pums.untranslatedServerMessage");

/**
 * Who hears of an English message shown to a reader of another language (a gap in the table):
 * the server sets one when UNTRANSLATED_MESSAGES_LOG is set (instrumentation.ts: the browser tests
 * fail on every line it writes); in the browser the gap is a console warning, which the browser
 * tests watch as well (e2e/fixtures.ts).
 */
export function setUntranslatedReporter(reporter: UntranslatedReporter): void {
  (globalThis as { [REPORTER]?: UntranslatedReporter })[REPORTER] = reporter;
}

/** The marker of the browser's console warning. */
export const UNTRANSLATED_MARKER = "[untranslated server message]";

/** Messages worded in the reader's language already (zod's issues, lib/i18n/validation-messages.ts). Bounded: there are few. */
const LOCALIZED = new Set<string>();
const MAX_LOCALIZED = 1000;

export function markLocalized(message: string): void {
  if (LOCALIZED.size >= MAX_LOCALIZED) LOCALIZED.clear();
  LOCALIZED.add(message);
}

export function noteUntranslated(message: string, locale: string) {
  if (LOCALIZED.has(message)) return;
  const reporter = (globalThis as { [REPORTER]?: UntranslatedReporter })[REPORTER];
  if (reporter) reporter(message, locale);
  else if (typeof window !== "undefined") console.warn(`${UNTRANSLATED_MARKER} ${locale}: ${message}`);
}
