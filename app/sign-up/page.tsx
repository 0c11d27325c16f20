import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { signUpAction } from "@/app/auth-actions";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { Card, PageHeader } from "@/components/ui/card";
import { getPortalActor } from "@/lib/auth/portal";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignUpPage() {
  if (await getPortalActor()) redirect("/account");
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title="Create your account" description="One account for the platform, its projects and the launcher." />
      <Card>
        <SignUpForm action={signUpAction} />
      </Card>
    </div>
  );
}
