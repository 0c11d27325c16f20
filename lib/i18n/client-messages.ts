/**
 * What the browser gets of the message catalogue. A `NextIntlClientProvider` without `messages`
 * sends every area in every language's page (about 55 KB of JSON, twice: in the HTML and in the
 * RSC payload), so each provider is given only the namespaces its client components use.
 *
 * Nested providers do not merge in next-intl 4: the nearest one's `messages` replace its
 * parent's. An area's list therefore always gets the global namespaces added here, because the
 * global client components (confirm dialog, toast, copy button, language switch) render inside
 * every area too. `lib/i18n/client-messages.test.ts` checks every route against its layouts.
 */
import type { NamespaceKeys, NestedKeyOf } from "next-intl";
import type { Locale } from "./locales";
import { MESSAGES, type Messages } from "./messages";

/** A namespace as `useTranslations` takes it: an area (`"manage"`) or a part of one (`"labels.theme"`). */
export type ClientNamespace = NamespaceKeys<Messages, NestedKeyOf<Messages>>;

type Tree = { [key: string]: string | Tree };

/** Used by client components that can render on any page (and by the error page, app/error.tsx). */
export const GLOBAL_CLIENT_NAMESPACES = ["common", "auth.error"] as const satisfies readonly ClientNamespace[];

/** The global namespaces plus `namespaces`, in `locale`, as a (partial) catalogue for `NextIntlClientProvider`. */
export function clientMessages(locale: Locale, namespaces: readonly ClientNamespace[]): Partial<Messages> {
  const picked: Tree = {};
  for (const namespace of [...GLOBAL_CLIENT_NAMESPACES, ...namespaces])
    copyNamespace(MESSAGES[locale] as unknown as Tree, namespace.split("."), picked);
  return picked as Partial<Messages>;
}

/**
 * Copies the subtree at `path` from `source` into `target`. Subtrees are shared with the
 * catalogue, never written to: a path inside a subtree that is already whole stops there.
 */
function copyNamespace(source: Tree, path: string[], target: Tree) {
  const [key, ...rest] = path;
  const from = source[key];
  if (rest.length === 0 || target[key] === from) {
    target[key] = from;
    return;
  }
  if (typeof from !== "object") return;
  const into = target[key];
  target[key] = typeof into === "object" ? into : {};
  copyNamespace(from, rest, target[key] as Tree);
}
