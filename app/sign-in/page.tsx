import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { signInAction, signInWithCodeAction } from "@/app/auth-actions";
import { SignInForm } from "@/components/auth/sign-in-form";
import { Card, PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { getPortalActor } from "@/lib/auth/portal";
import { signInAskedFor } from "@/lib/portal/project-page";
import { pageTitle } from "@/lib/portal/page-title";

export const generateMetadata = pageTitle("auth.signIn.title");

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string; reset?: string; deleted?: string }> }) {
  if (await getPortalActor()) redirect("/start");
  const { next, reset, deleted } = await searchParams;
  const t = await getTranslations("auth.signIn");
  const project = await signInAskedFor(next);
  return (
    <div className="mx-auto max-w-md space-y-4">
      <PageHeader title={t("title")} description={t("description")} />
      {project && <Notice tone="info">{t("forProject", { name: project })}</Notice>}
      {reset && <Notice tone="success">{t("resetDone")}</Notice>}
      {deleted && <Notice tone="success">{t("accountDeleted")}</Notice>}
      <Card>
        <SignInForm next={next} actions={{ password: signInAction, code: signInWithCodeAction }} />
      </Card>
    </div>
  );
}
