import { type IntlError, NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ConfirmProvider } from "@/components/ui/confirm";
import { ToastProvider } from "@/components/ui/toast";
import type { Locale } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/i18n/messages";

/**
 * For component tests: `node` rendered to HTML in `locale` (the whole catalogue, UTC), as the
 * portal's providers give it. `feedback`: inside the toast and confirm providers as well, which a
 * component that runs actions (`useAction`) needs. `onError` is told of every message the
 * catalogue lacks.
 */
export function renderHtml(
  node: ReactNode,
  { locale = "en", feedback = false, onError }: { locale?: Locale; feedback?: boolean; onError?: (error: IntlError) => void } = {},
): string {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone="UTC" onError={onError}>
      {feedback ? (
        <ToastProvider>
          <ConfirmProvider>{node}</ConfirmProvider>
        </ToastProvider>
      ) : (
        node
      )}
    </NextIntlClientProvider>,
  );
}
