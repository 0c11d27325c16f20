import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { resendVerificationLinkAction } from "@/app/auth-actions";
import { ResendVerificationForm } from "@/components/auth/resend-verification-form";
import { Card, PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { portalRequestMeta } from "@/lib/auth/portal";
import { AppError } from "@/lib/errors";
import { translateServerMessage } from "@/lib/i18n/server-messages";
import { verifyEmailFromLink } from "@/lib/users/service";
import { pageTitle } from "@/lib/portal/page-title";

export const generateMetadata = pageTitle("auth.verify.title");

export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  const t = await getTranslations("auth.verify");
  let outcome: { ok: boolean; text: string };
  if (!token) {
    outcome = { ok: false, text: t("incomplete") };
  } else {
    try {
      await verifyEmailFromLink(token, await portalRequestMeta());
      outcome = { ok: true, text: t("done") };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcome = { ok: false, text: translateServerMessage(error.message, await getLocale()) };
    }
  }
  return (
    <div className="mx-auto max-w-md space-y-6">
      <PageHeader title={t("title")} />
      <Notice tone={outcome.ok ? "success" : "error"}>{outcome.text}</Notice>
      {!outcome.ok && (
        <Card title={t("resendTitle")}>
          <ResendVerificationForm action={resendVerificationLinkAction} />
        </Card>
      )}
      <Link href="/account" className="text-sm font-semibold text-indigo-600 hover:text-indigo-500">
        {t("toAccount")}
      </Link>
    </div>
  );
}
