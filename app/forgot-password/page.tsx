import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requestPasswordResetAction } from "@/app/auth-actions";
import { ForgotPasswordForm } from "@/components/auth/password-reset-forms";
import { Card, PageHeader } from "@/components/ui/card";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.forgot");
  return { title: t("metaTitle") };
}

export default async function ForgotPasswordPage() {
  const t = await getTranslations("auth.forgot");
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title={t("title")} description={t("description")} />
      <Card>
        <ForgotPasswordForm action={requestPasswordResetAction} />
      </Card>
    </div>
  );
}
