import type { Metadata } from "next";
import Link from "next/link";
import { changeEmailAction, createTokenAction, revokeTokenAction, updateProfileAction } from "@/app/account/actions";
import { EmailForm } from "@/components/account/email-form";
import { ProfileForm } from "@/components/account/profile-form";
import { TokenManager } from "@/components/account/token-manager";
import { Card, PageHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { requirePortalActor } from "@/lib/auth/portal";
import { listTokens } from "@/lib/auth/tokens";
import { PLATFORM_ROLE_INFO } from "@/lib/permissions";
import { getOwnAccount } from "@/lib/users/service";

export const metadata: Metadata = { title: "Your account" };

export default async function AccountPage({ searchParams }: { searchParams: Promise<{ welcome?: string }> }) {
  const actor = await requirePortalActor("/account");
  const [{ user, account }, tokens, { welcome }] = await Promise.all([getOwnAccount(actor), listTokens(actor.userId), searchParams]);
  return (
    <div className="space-y-8">
      <PageHeader
        title="Your account"
        description={
          <>
            Signed in as <strong>@{account.username}</strong> · {account.platformRoles.map((role) => PLATFORM_ROLE_INFO[role].label).join(", ")}
            {account.partnerStatus !== "NONE" && <> · Partner status {account.partnerStatus.toLowerCase()}</>}
          </>
        }
      />
      {welcome && (
        <Notice tone="success">
          Welcome aboard! Your account is ready. We sent a link to your e-mail address: open it to confirm the address.
        </Notice>
      )}
      <Card title="Profile" description="How you appear on the platform.">
        <ProfileForm
          initial={{
            username: account.username,
            displayName: account.displayName,
            dateOfBirth: account.dateOfBirth ?? "",
            avatarUrl: account.avatarUrl ?? "",
            language: account.language,
            settings: account.settings,
            version: user.version,
          }}
          action={updateProfileAction}
        />
      </Card>
      <Card
        title="E-mail address"
        description={
          <>
            Currently <strong>{account.email}</strong> ({account.emailVerified ? "confirmed" : "not confirmed yet"})
            {account.pendingEmail && <>. Waiting for confirmation of {account.pendingEmail}</>}.
          </>
        }
      >
        <EmailForm email={account.email} version={user.version} action={changeEmailAction} />
      </Card>
      <Card title="Security" description="Password, two-factor sign-in, sessions, devices and login history.">
        <Link href="/account/security" className="text-sm font-semibold text-indigo-600 hover:text-indigo-500">
          Open the Security page
        </Link>
      </Card>
      <Card title="Personal access tokens" description="For scripts and tools calling the API. A token can never do more than you can.">
        <TokenManager tokens={tokens} actions={{ create: createTokenAction, revoke: revokeTokenAction }} />
      </Card>
    </div>
  );
}
