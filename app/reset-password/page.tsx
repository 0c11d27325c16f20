import type { Metadata } from "next";
import Link from "next/link";
import { confirmPasswordResetAction } from "@/app/auth-actions";
import { ResetPasswordForm } from "@/components/auth/password-reset-forms";
import { Card, PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";

export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer" };

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title="Choose a new password" description="At least 8 characters; a passphrase of a few words is easy to remember and hard to guess." />
      <Card>
        {token ? (
          <ResetPasswordForm token={token} action={confirmPasswordResetAction} />
        ) : (
          <Notice tone="error">
            This page needs the link from the reset mail. <Link href="/forgot-password" className="font-semibold underline">Ask for a new link</Link>.
          </Notice>
        )}
      </Card>
    </div>
  );
}
