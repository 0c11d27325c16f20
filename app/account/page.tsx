import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import {
  changeEmailAction,
  removeAvatarAction,
  uploadAvatarAction,
  resendVerificationAction,
  updateProfileAction,
} from "@/app/account/actions";
import { EmailForm } from "@/components/account/email-form";
import { ProfileForm } from "@/components/account/profile-form";
import { ResendLinkButton } from "@/components/account/resend-link-button";
import { Card, PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { requirePortalActor } from "@/lib/auth/portal";
import { getOwnAccount } from "@/lib/users/service";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("account.page");
  return { title: t("title") };
}

export default async function AccountPage({ searchParams }: { searchParams: Promise<{ welcome?: string }> }) {
  const actor = await requirePortalActor("/account");
  const [{ user, account }, { welcome }, t, tl] = await Promise.all([
    getOwnAccount(actor),
    searchParams,
    getTranslations("account.page"),
    getTranslations("labels"),
  ]);
  const roles = account.platformRoles.map((role) => tl(`platformRole.${role}`)).join(", ");
  return (
    <div className="space-y-8">
      <PageHeader
        title={t("title")}
        description={
          <>
            {t.rich("signedInAs", {
              username: account.username,
              roles,
              strong: (chunks) => <strong className="break-all">{chunks}</strong>,
            })}
            {account.partnerStatus !== "NONE" && <> · {tl(`partnerStatus.${account.partnerStatus}`)}</>}
          </>
        }
      />
      {welcome && <Notice tone="success">{t("welcome")}</Notice>}
      <Card title={t("profileTitle")} description={t("profileDescription")}>
        <ProfileForm
          initial={{
            username: account.username,
            displayName: account.displayName,
            dateOfBirth: account.dateOfBirth ?? "",
            language: account.language ?? "",
            settings: account.settings,
            version: user.version,
          }}
          avatarUrl={account.avatarUrl}
          action={updateProfileAction}
          avatarActions={{ upload: uploadAvatarAction, remove: removeAvatarAction }}
        />
      </Card>
      <Card
        title={t("emailTitle")}
        description={
          <>
            {t.rich("emailCurrent", {
              email: account.email,
              confirmed: String(account.emailVerified),
              strong: (chunks) => <strong className="break-all">{chunks}</strong>,
            })}
            {account.pendingEmail && <> {t("emailPending", { email: account.pendingEmail })}</>}
          </>
        }
      >
        {(!account.emailVerified || account.pendingEmail) && (
          <div className="mb-5">
            <ResendLinkButton action={resendVerificationAction} />
          </div>
        )}
        <EmailForm email={account.email} version={user.version} action={changeEmailAction} />
      </Card>
    </div>
  );
}
