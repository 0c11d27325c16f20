import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { Card, PageHeader } from "@/components/ui/card";
import { getPortalActor } from "@/lib/auth/portal";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  if (await getPortalActor()) redirect("/account");
  const { next } = await searchParams;
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title="Sign in" description="Use your e-mail address or username." />
      <Card>
        <SignInForm next={next} />
      </Card>
    </div>
  );
}
