import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { signInAction, signInWithCodeAction } from "@/app/auth-actions";
import { SignInForm } from "@/components/auth/sign-in-form";
import { Card, PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { getPortalActor } from "@/lib/auth/portal";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string; reset?: string }> }) {
  if (await getPortalActor()) redirect("/start");
  const { next, reset } = await searchParams;
  return (
    <div className="mx-auto max-w-md space-y-4">
      <PageHeader title="Sign in" description="Use your e-mail address or username." />
      {reset && <Notice tone="success">Your new password is set and every session of your account has ended. Sign in with the new password.</Notice>}
      <Card>
        <SignInForm next={next} actions={{ password: signInAction, code: signInWithCodeAction }} />
      </Card>
    </div>
  );
}
