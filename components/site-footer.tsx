import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { LanguageSwitch } from "./navigation/language-switch";
import type { FormResult } from "@/lib/portal/form-result";
import type { Locale } from "@/lib/i18n/locales";

export async function SiteFooter({ setLocale }: { setLocale: (locale: Locale) => Promise<FormResult> }) {
  const [t, locale] = await Promise.all([getTranslations("common"), getLocale()]);
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-4 text-sm text-slate-600 sm:px-6">
        <p>{t("footerNote")}</p>
        <div className="flex items-center gap-4">
          <Link href="/api-docs" className="font-medium text-slate-700 hover:text-slate-900">
            {t("footerApi")}
          </Link>
          <LanguageSwitch current={locale} setLocale={setLocale} />
        </div>
      </div>
    </footer>
  );
}
