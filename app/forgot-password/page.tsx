import { getTranslations } from "next-intl/server";
import { requestPasswordResetAction } from "@/app/auth-actions";
import { ForgotPasswordForm } from "@/components/auth/password-reset-forms";
import { CardPage } from "@/components/ui/card";
import { pageTitle } from "@/lib/portal/page-title";

export const generateMetadata = pageTitle("auth.forgot.metaTitle");

export default async function ForgotPasswordPage() {
  const t = await getTranslations("auth.forgot");
  return (
    <CardPage narrow title={t("title")} description={t("description")}>
      <ForgotPasswordForm action={requestPasswordResetAction} />
    </CardPage>
  );
}
