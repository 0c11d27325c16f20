import type { Locale } from "../locales";
import de from "./de.json";
import { noteUntranslated } from "./untranslated";

/**
 * Messages of services and schemas are English: the API speaks English, and one text serves both.
 * The portal shows them in the reader's language through a gettext-style table per language: the
 * exact English message is the key (`lib/i18n/server-messages/de.json`). A key with `{name}` parts
 * is a pattern ("The version {version} exists already."): the parts are taken from the English
 * message and put into the translation where it names them (it may leave them out).
 * A message without an entry stays English; `server-messages.test.ts` keeps the table complete
 * and free of stale entries.
 */
const TABLES: Partial<Record<Locale, Record<string, string>>> = { de };

interface Pattern {
  regex: RegExp;
  names: string[];
  translation: string;
}

const PLACEHOLDER = /\{(\w+)\}/g;
const HAS_PLACEHOLDER = /\{\w+\}/;
const patternCache = new Map<Locale, Pattern[]>();

function patternsOf(locale: Locale, table: Record<string, string>): Pattern[] {
  let patterns = patternCache.get(locale);
  if (!patterns) {
    patterns = Object.entries(table)
      .filter(([key]) => HAS_PLACEHOLDER.test(key))
      .map(([key, translation]) => {
        const names = [...key.matchAll(PLACEHOLDER)].map((match) => match[1]!);
        const source = key
          .split(PLACEHOLDER)
          .map((part, index) => (index % 2 === 1 ? "(.+?)" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
          .join("");
        return { regex: new RegExp(`^${source}$`, "s"), names, translation };
      });
    patternCache.set(locale, patterns);
  }
  return patterns;
}

/** The message in `locale`, or the English message itself when the table has no entry for it. */
export function translateServerMessage(message: string, locale: string | null | undefined): string {
  const table = locale ? TABLES[locale as Locale] : undefined;
  if (!table) return message;
  const exact = table[message];
  if (exact !== undefined && !HAS_PLACEHOLDER.test(message)) return exact;
  for (const pattern of patternsOf(locale as Locale, table)) {
    const match = pattern.regex.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(pattern.names.map((name, index) => [name, match[index + 1]!]));
    return pattern.translation.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
  }
  if (exact !== undefined) return exact;
  noteUntranslated(message, locale!);
  return message;
}

/** A record of messages (field errors) translated one by one. */
export function translateServerMessages(
  messages: Record<string, string> | undefined,
  locale: string | null | undefined,
): Record<string, string> | undefined {
  if (!messages) return messages;
  return Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, translateServerMessage(message, locale)]));
}
