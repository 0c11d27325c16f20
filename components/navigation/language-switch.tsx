"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { LOCALES, type Locale } from "@/lib/i18n/locales";
import type { FormResult } from "@/lib/portal/form-result";

/** Each language in its own name, so a reader who does not understand the current one finds theirs. */
const NAMES: Record<Locale, string> = { en: "English", de: "Deutsch" };

export function LanguageSwitch({ current, setLocale }: { current: Locale; setLocale: (locale: Locale) => Promise<FormResult> }) {
  const t = useTranslations("common");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <fieldset aria-label={t("language")} className="flex min-w-0 items-center gap-1" aria-busy={pending}>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={locale === current}
          disabled={pending}
          onClick={() =>
            startTransition(async () => {
              await setLocale(locale);
              router.refresh();
            })
          }
          className="rounded px-2 py-1 font-medium text-slate-600 hover:bg-slate-100 aria-pressed:bg-slate-100 aria-pressed:text-slate-900 disabled:opacity-60"
        >
          {NAMES[locale]}
        </button>
      ))}
    </fieldset>
  );
}
