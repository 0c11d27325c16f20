import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { setLocaleAction, signOutAction } from "@/app/auth-actions";
import { ClientMessagesProvider } from "@/components/i18n/client-messages-provider";
import { SiteFooter } from "@/components/site-footer";
import { SiteHeader } from "@/components/site-header";
import { ConfirmProvider } from "@/components/ui/confirm";
import { ToastProvider } from "@/components/ui/toast";
import { getPortalActor } from "@/lib/auth/portal";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return {
    title: { default: t("titleDefault"), template: `%s · ${t("siteName")}` },
    description: t("siteDescription"),
  };
}

/**
 * Every page: `<html lang>` in the reader's language (lib/i18n/locales.ts) and `data-theme` from
 * their setting, both rendered on the server so the first paint is already right. The browser gets
 * only the global namespaces of the catalogue; an area's layout adds its own (docs/i18n.md).
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, actor, t] = await Promise.all([getLocale(), getPortalActor(), getTranslations("common")]);
  return (
    <html lang={locale} data-theme={actor?.theme ?? "system"}>
      <body className="flex min-h-screen flex-col bg-slate-50 font-sans text-slate-900 antialiased">
        <ClientMessagesProvider>
          <ToastProvider>
            <ConfirmProvider>
              <a
                href="#main"
                className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
              >
                {t("skipToContent")}
              </a>
              <SiteHeader signOut={signOutAction} />
              <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-10 sm:px-6">
                {children}
              </main>
              <SiteFooter setLocale={setLocaleAction} />
            </ConfirmProvider>
          </ToastProvider>
        </ClientMessagesProvider>
      </body>
    </html>
  );
}
