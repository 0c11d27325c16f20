import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { DeviceList } from "@/components/account/security/device-list";
import { LoginHistoryTable } from "@/components/account/security/login-history";
import { PasswordChangeForm } from "@/components/account/security/password-change-form";
import { SessionList } from "@/components/account/security/session-list";
import { TwoFactorPanel } from "@/components/account/security/two-factor-panel";
import { Card, PageHeader } from "@/components/ui/card";
import { reauthWindowMinutes } from "@/lib/account/reauthentication";
import { listDevices, listSessions, loginHistory } from "@/lib/account/sessions";
import { twoFactorPanel } from "@/lib/account/two-factor";
import { requirePortalActor } from "@/lib/auth/portal";
import { listTokens } from "@/lib/auth/tokens";
import {
  changePasswordAction,
  disableTwoFactorAction,
  enableTwoFactorAction,
  endOtherSessionsAction,
  endSessionAction,
  reauthenticateAction,
  regenerateRecoveryCodesAction,
  removeDeviceAction,
  renameDeviceAction,
  revokeAllTokensAction,
  setupTwoFactorAction,
} from "./actions";
import { pageTitle } from "@/lib/portal/page-title";

export const generateMetadata = pageTitle("account.security.title");

const link = "font-semibold text-indigo-600 hover:text-indigo-500";

/** Password, two-factor sign-in, sessions, devices and login history of the own account, in one place. */
export default async function SecurityPage({ searchParams }: { searchParams: Promise<{ history?: string }> }) {
  const actor = await requirePortalActor("/account/security");
  const { history: historyCursor } = await searchParams;
  const [twoFactor, sessions, devices, history, tokens, t] = await Promise.all([
    twoFactorPanel(actor),
    listSessions(actor, { limit: 100 }),
    listDevices(actor, { limit: 100 }),
    loginHistory(actor, actor.userId, { limit: 20, cursor: historyCursor }),
    listTokens(actor.userId),
    getTranslations("account.security"),
  ]);
  return (
    <div className="space-y-8">
      <PageHeader
        title={t("title")}
        description={t.rich("description", {
          link: (chunks) => (
            <Link href="/account" className={link}>
              {chunks}
            </Link>
          ),
        })}
      />
      <Card title={t("passwordTitle")} description={t("passwordDescription")}>
        <PasswordChangeForm tokens={tokens} actions={{ change: changePasswordAction, revokeAllTokens: revokeAllTokensAction }} />
      </Card>
      <Card title={t("twoFactorTitle")} description={t("twoFactorDescription")}>
        <TwoFactorPanel
          {...twoFactor}
          windowMinutes={reauthWindowMinutes()}
          actions={{
            reauthenticate: reauthenticateAction,
            setup: setupTwoFactorAction,
            enable: enableTwoFactorAction,
            disable: disableTwoFactorAction,
            regenerateRecoveryCodes: regenerateRecoveryCodesAction,
          }}
        />
      </Card>
      <Card title={t("sessionsTitle")} description={t("sessionsDescription")}>
        <SessionList sessions={sessions.data} actions={{ end: endSessionAction, endOthers: endOtherSessionsAction }} />
      </Card>
      <Card title={t("devicesTitle")} description={t("devicesDescription")}>
        <DeviceList devices={devices.data} actions={{ rename: renameDeviceAction, remove: removeDeviceAction }} />
      </Card>
      <Card title={t("historyTitle")} description={t("historyDescription")}>
        <LoginHistoryTable events={history.data} />
        <div className="mt-4 flex gap-4 text-sm">
          {historyCursor && (
            <Link href="/account/security" className={link}>
              {t("newest")}
            </Link>
          )}
          {history.nextCursor && (
            <Link href={`/account/security?history=${history.nextCursor}`} className={link}>
              {t("older")}
            </Link>
          )}
        </div>
      </Card>
    </div>
  );
}
