import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { portalRequestMeta } from "@/lib/auth/portal";
import { AppError } from "@/lib/errors";
import { verifyEmail } from "@/lib/users/service";

export const metadata: Metadata = { title: "Confirm e-mail address" };

export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  let outcome: { ok: boolean; text: string };
  try {
    if (!token) throw new AppError(422, "invalid_token", "Rule violated", "The link is incomplete. Open the link from the e-mail again.");
    await verifyEmail(token, await portalRequestMeta());
    outcome = { ok: true, text: "Your e-mail address is confirmed." };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    outcome = { ok: false, text: error.message };
  }
  return (
    <div className="mx-auto max-w-md space-y-6">
      <PageHeader title="Confirm e-mail address" />
      <Notice tone={outcome.ok ? "success" : "error"}>{outcome.text}</Notice>
      <Link href="/account" className="text-sm font-semibold text-indigo-600 hover:text-indigo-500">
        Go to your account
      </Link>
    </div>
  );
}
