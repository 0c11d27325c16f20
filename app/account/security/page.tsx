import type { Metadata } from "next";
import Link from "next/link";
import { DeviceList } from "@/components/account/security/device-list";
import { LoginHistoryTable } from "@/components/account/security/login-history";
import { PasswordChangeForm } from "@/components/account/security/password-change-form";
import { SessionList } from "@/components/account/security/session-list";
import { TwoFactorPanel } from "@/components/account/security/two-factor-panel";
import { Card, PageHeader } from "@/components/ui/card";
import { isRecentlyAuthenticated } from "@/lib/account/reauthentication";
import { listDevices, listSessions, loginHistory } from "@/lib/account/sessions";
import { pendingTwoFactorSetup, twoFactorStatus } from "@/lib/account/two-factor";
import { requirePortalActor } from "@/lib/auth/portal";
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
  setupTwoFactorAction,
} from "./actions";

export const metadata: Metadata = { title: "Security" };

/** Password, two-factor sign-in, sessions, devices and login history of the own account, in one place. */
export default async function SecurityPage({ searchParams }: { searchParams: Promise<{ history?: string }> }) {
  const actor = await requirePortalActor("/account/security");
  const { history: historyCursor } = await searchParams;
  const [status, pending, recent, sessions, devices, history] = await Promise.all([
    twoFactorStatus(actor.userId),
    pendingTwoFactorSetup(actor.userId),
    isRecentlyAuthenticated(actor),
    listSessions(actor, { limit: 100 }),
    listDevices(actor, { limit: 100 }),
    loginHistory(actor, actor.userId, { limit: 20, cursor: historyCursor }),
  ]);
  return (
    <div className="space-y-8">
      <PageHeader
        title="Security"
        description={
          <>
            How you sign in and where you are signed in. Profile and e-mail are on <Link href="/account" className="font-semibold text-indigo-600">Your account</Link>.
          </>
        }
      />
      <Card title="Password" description="Changing it signs you out everywhere else.">
        <PasswordChangeForm action={changePasswordAction} />
      </Card>
      <Card title="Two-factor sign-in" description="A code from an authenticator app (TOTP) in addition to your password.">
        <TwoFactorPanel
          status={status}
          pending={pending}
          recent={recent}
          actions={{ reauthenticate: reauthenticateAction, setup: setupTwoFactorAction, enable: enableTwoFactorAction, disable: disableTwoFactorAction, regenerateRecoveryCodes: regenerateRecoveryCodesAction }}
        />
      </Card>
      <Card title="Sessions" description="Where your account is signed in now. Ending a session signs it out at once.">
        <SessionList sessions={sessions.data} actions={{ end: endSessionAction, endOthers: endOtherSessionsAction }} />
      </Card>
      <Card title="Devices" description="Browsers that signed in to your account. A known device keeps working when strangers are locked out.">
        <DeviceList devices={devices.data} actions={{ rename: renameDeviceAction, remove: removeDeviceAction }} />
      </Card>
      <Card title="Login history" description="Every sign-in attempt on your account, newest first.">
        <LoginHistoryTable events={history.data} />
        <div className="mt-4 flex gap-4 text-sm">
          {historyCursor && (
            <Link href="/account/security" className="font-semibold text-indigo-600">
              Newest
            </Link>
          )}
          {history.nextCursor && (
            <Link href={`/account/security?history=${history.nextCursor}`} className="font-semibold text-indigo-600">
              Older attempts
            </Link>
          )}
        </div>
      </Card>
    </div>
  );
}
