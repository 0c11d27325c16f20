import type { Metadata } from "next";
import type { MessageKeys, NestedKeyOf } from "next-intl";
import { getTranslations } from "next-intl/server";
import type { Messages } from "../i18n/messages";

/**
 * A page's `generateMetadata` when its title is one message, in the reader's language:
 * `export const generateMetadata = pageTitle("account.security.title");`
 */
export function pageTitle(key: MessageKeys<Messages, NestedKeyOf<Messages>>): () => Promise<Metadata> {
  return async () => ({ title: (await getTranslations())(key) });
}
