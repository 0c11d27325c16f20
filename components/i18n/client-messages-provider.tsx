import { NextIntlClientProvider } from "next-intl";
import { getLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { clientMessages, type ClientNamespace } from "@/lib/i18n/client-messages";

/**
 * Gives the client components below it the global namespaces and `namespaces`, nothing else
 * (lib/i18n/client-messages.ts says why). The root layout has one with the global namespaces; an
 * area's layout wraps its pages in one that lists the namespaces of the area's client components.
 */
export async function ClientMessagesProvider({
  namespaces = [],
  children,
}: {
  namespaces?: readonly ClientNamespace[];
  children: ReactNode;
}) {
  const locale = await getLocale();
  return <NextIntlClientProvider messages={clientMessages(locale, namespaces)}>{children}</NextIntlClientProvider>;
}
