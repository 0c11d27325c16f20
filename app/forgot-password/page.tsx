import type { Metadata } from "next";
import { requestPasswordResetAction } from "@/app/auth-actions";
import { ForgotPasswordForm } from "@/components/auth/password-reset-forms";
import { Card, PageHeader } from "@/components/ui/card";

export const metadata: Metadata = { title: "Forgot password" };

export default function ForgotPasswordPage() {
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title="Forgot your password?" description="Enter the e-mail address of your account. We send it a link to choose a new password." />
      <Card>
        <ForgotPasswordForm action={requestPasswordResetAction} />
      </Card>
    </div>
  );
}
