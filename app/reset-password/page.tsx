import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { confirmPasswordResetAction } from "@/app/auth-actions";
import { ResetPasswordForm } from "@/components/auth/password-reset-forms";
import { CardPage } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.reset");
  return { title: t("title"), referrer: "no-referrer" };
}

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  const t = await getTranslations("auth.reset");
  return (
    <CardPage narrow title={t("title")} description={t("description")}>
      {token ? (
        <ResetPasswordForm token={token} action={confirmPasswordResetAction} />
      ) : (
        <Notice tone="error">
          {t("noToken")}{" "}
          <Link href="/forgot-password" className="font-semibold underline">
            {t("askAgain")}
          </Link>
        </Notice>
      )}
    </CardPage>
  );
}
