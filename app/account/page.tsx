import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import {
  changeEmailAction,
  createTokenAction,
  removeAvatarAction,
  uploadAvatarAction,
  resendVerificationAction,
  deleteAccountAction,
  revokeTokenAction,
  updateNotificationSettingsAction,
  updateProfileAction,
} from "@/app/account/actions";
import { DeleteAccountForm } from "@/components/account/delete-account-form";
import { NotificationSettingsForm } from "@/components/account/notification-settings-form";
import { getNotificationSettings } from "@/lib/notifications/preferences";
import { EmailForm } from "@/components/account/email-form";
import { ProfileForm } from "@/components/account/profile-form";
import { ResendLinkButton } from "@/components/account/resend-link-button";
import { TokenManager } from "@/components/account/token-manager";
import { Card, PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { isRecentlyAuthenticated, reauthWindowMinutes } from "@/lib/account/reauthentication";
import { requirePortalActor } from "@/lib/auth/portal";
import { listTokens } from "@/lib/auth/tokens";
import { getOwnAccount } from "@/lib/users/service";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("account.page");
  return { title: t("title") };
}

export default async function AccountPage({ searchParams }: { searchParams: Promise<{ welcome?: string }> }) {
  const actor = await requirePortalActor("/account");
  const [{ user, account }, tokens, recent, { welcome }, t, tl, notificationSettings, tn] = await Promise.all([
    getOwnAccount(actor),
    listTokens(actor.userId),
    isRecentlyAuthenticated(actor),
    searchParams,
    getTranslations("account.page"),
    getTranslations("labels"),
    getNotificationSettings(actor),
    getTranslations("account.notifications"),
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
      <Card title={tn("title")} description={tn("description")}>
        <NotificationSettingsForm initial={notificationSettings} action={updateNotificationSettingsAction} />
      </Card>
      <Card title={t("securityTitle")} description={t("securityDescription")}>
        <Link href="/account/security" className="text-sm font-semibold text-indigo-600 hover:text-indigo-500">
          {t("securityLink")}
        </Link>
      </Card>
      <Card title={t("tokensTitle")} description={t("tokensDescription")}>
        <TokenManager
          tokens={tokens}
          recent={recent}
          windowMinutes={reauthWindowMinutes()}
          actions={{ create: createTokenAction, revoke: revokeTokenAction }}
        />
      </Card>
      <Card title={t("exportTitle")} description={t("exportDescription")}>
        {/* A plain download: the API answers with the file as an attachment, signed in by the session cookie. */}
        <a
          href="/api/v1/users/me/export"
          download
          className="inline-flex items-center rounded-md bg-white px-3 py-2 text-sm font-semibold text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
        >
          {t("exportButton")}
        </a>
      </Card>
      <Card title={t("deleteTitle")} description={t("deleteDescription")}>
        <DeleteAccountForm username={account.username} twoFactor={user.totpEnabledAt !== null} action={deleteAccountAction} />
      </Card>
    </div>
  );
}
