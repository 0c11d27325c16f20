import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { signUpAction } from "@/app/auth-actions";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { CardPage } from "@/components/ui/card";
import { getPortalActor } from "@/lib/auth/portal";
import { pageTitle } from "@/lib/portal/page-title";

export const generateMetadata = pageTitle("auth.signUp.metaTitle");

export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  if (await getPortalActor()) redirect("/account");
  const { next } = await searchParams;
  const t = await getTranslations("auth.signUp");
  return (
    <CardPage narrow title={t("title")} description={t("description")}>
      <SignUpForm next={next} action={signUpAction} />
    </CardPage>
  );
}
