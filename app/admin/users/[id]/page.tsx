import { getFormatter, getTranslations } from "next-intl/server";
import {
  createWarningAction,
  deleteUserAction,
  resetTwoFactorAction,
  revokeWarningAction,
  setSuspensionAction,
  updateUserAction,
} from "@/app/admin/actions";
import { ConfirmedUserAction } from "@/components/admin/confirmed-user-action";
import { StaffUserForm } from "@/components/admin/staff-user-form";
import { SuspensionPanel } from "@/components/admin/suspension-panel";
import { WarningsPanel } from "@/components/admin/warnings-panel";
import { LoginHistoryTable } from "@/components/account/security/login-history";
import { MembershipList } from "@/components/applications/memberships";
import { Avatar } from "@/components/ui/avatar";
import { ListOrNone } from "@/components/ui/list-or-none";
import { LocalTime } from "@/components/ui/local-time";
import { Card, PageHeader } from "@/components/ui/card";
import { Denied } from "@/components/admin/denied";
import { loginHistory } from "@/lib/account/sessions";
import { listMemberships } from "@/lib/applications/service";
import { requirePortalActor } from "@/lib/auth/portal";
import {
  canDeleteAccountOf,
  canEditProfileOf,
  canGrantPlatformRole,
  canManageRolesOf,
  canResetTwoFactorOf,
  canSetPartnerStatusOf,
  canSuspend,
  hasPlatformPermission,
  PLATFORM_ROLES,
} from "@/lib/permissions";
import { canReadFullRecords, getUser, partnerHistory } from "@/lib/users/service";
import type { fullUserSchema } from "@/lib/users/schemas";
import { listWarnings } from "@/lib/warnings/service";
import type { z } from "zod";
import { orNotFound } from "@/lib/portal/or-not-found";
import { pageTitle } from "@/lib/portal/page-title";

export const generateMetadata = pageTitle("admin.user.title");

export default async function UserAdminPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ history?: string }>;
}) {
  const { id } = await params;
  const { history: historyCursor } = await searchParams;
  const actor = await requirePortalActor(`/admin/users/${id}`);
  const [ta, t, tl, format] = await Promise.all([
    getTranslations("admin"),
    getTranslations("admin.user"),
    getTranslations("labels"),
    getFormatter(),
  ]);
  if (!canReadFullRecords(actor)) return <Denied title={t("title")} text={ta("staffOnly")} />;
  const loaded = await orNotFound(getUser(actor, id));
  const record = loaded.body as z.infer<typeof fullUserSchema>;
  const target = loaded.user;
  const [history, warnings, memberships, signIns] = await Promise.all([
    partnerHistory(actor, id),
    hasPlatformPermission(actor, "warnings.read") ? listWarnings(actor, id) : Promise.resolve(null),
    listMemberships(actor, id, { limit: 100 }),
    loginHistory(actor, id, { limit: 20, cursor: historyCursor }),
  ]);
  const can = {
    profile: canEditProfileOf(actor, target),
    roles:
      hasPlatformPermission(actor, "users.roles") && canManageRolesOf(actor, target) && actor.userId !== id
        ? PLATFORM_ROLES.filter((role) => canGrantPlatformRole(actor, role))
        : null,
    partner: canSetPartnerStatusOf(actor, target),
  };
  const mayEdit = can.profile || can.roles !== null || can.partner;
  const maySuspend = canSuspend(actor, target) && actor.userId !== id;
  const mayDelete = canDeleteAccountOf(actor, target);
  const when = (value: string | Date) => () => <LocalTime at={value} />;
  const roles = record.platformRoles.map((role) => tl(`platformRole.${role}`)).join(", ");
  return (
    <div className="space-y-6">
      <div className="flex items-start gap-4">
        <Avatar name={record.displayName} url={record.avatarUrl} size={56} />
        <div className="min-w-0 flex-1 break-words">
          <PageHeader
            title={`${record.displayName} (@${record.username})`}
            description={
              <>
                <span className="break-all">{record.email}</span> · {roles} · {tl(`partnerStatus.${record.partnerStatus}`)}
                {record.suspended && (
                  <span className="ml-2 inline-block rounded bg-red-50 px-1.5 text-xs font-medium text-red-800 ring-1 ring-inset ring-red-600/20">
                    {t("suspendedBadge")}
                  </span>
                )}
              </>
            }
          />
        </div>
      </div>
      <Card title={t("account")}>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-600">{t("registered")}</dt>
            <dd>{when(record.createdAt)()}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t("emailConfirmed")}</dt>
            <dd>{record.emailVerified ? t("yes") : t("no")}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t("dateOfBirth")}</dt>
            <dd>{record.dateOfBirth ? format.dateTime(new Date(`${record.dateOfBirth}T00:00:00Z`), "date") : t("notGiven")}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t("lock")}</dt>
            <dd>{record.lockedUntil ? t.rich("lockedUntil", { time: when(record.lockedUntil) }) : t("noLock")}</dd>
          </div>
          {record.suspendedAt && (
            <div>
              <dt className="text-slate-600">{t("suspendedSince")}</dt>
              <dd>{when(record.suspendedAt)()}</dd>
            </div>
          )}
          {record.suspensionReason && (
            <div>
              <dt className="text-slate-600">{t("suspensionReason")}</dt>
              <dd className="break-words">{record.suspensionReason}</dd>
            </div>
          )}
          <div>
            <dt className="text-slate-600">{t("twoFactor")}</dt>
            <dd>{target.totpEnabledAt ? t.rich("twoFactorOn", { time: when(target.totpEnabledAt) }) : t("twoFactorOff")}</dd>
          </div>
        </dl>
        {target.totpEnabledAt && canResetTwoFactorOf(actor, target) && (
          <div className="mt-4">
            <ConfirmedUserAction userId={id} username={record.username} words="admin.twoFactor" action={resetTwoFactorAction} />
          </div>
        )}
      </Card>
      {(mayEdit || maySuspend || mayDelete) && (
        <Card title={t("administration")}>
          <div className="space-y-6">
            {mayEdit && (
              <StaffUserForm
                userId={id}
                version={target.version}
                can={can}
                action={updateUserAction}
                initial={{
                  displayName: record.displayName,
                  platformRoles: record.platformRoles,
                  partnerStatus: record.partnerStatus,
                  partnerNote: "",
                }}
              />
            )}
            {maySuspend && (
              <div className={mayEdit ? "border-t border-slate-200 pt-5" : undefined}>
                <h3 className="mb-2 text-sm font-semibold text-slate-900">{ta("suspension.label")}</h3>
                <SuspensionPanel
                  userId={id}
                  username={record.username}
                  version={target.version}
                  suspended={record.suspended}
                  action={setSuspensionAction}
                />
              </div>
            )}
            {mayDelete && (
              <div className={mayEdit || maySuspend ? "border-t border-slate-200 pt-5" : undefined}>
                <h3 className="mb-2 text-sm font-semibold text-slate-900">{ta("deleteAccount.confirm")}</h3>
                <ConfirmedUserAction userId={id} username={record.username} words="admin.deleteAccount" action={deleteUserAction} />
              </div>
            )}
          </div>
        </Card>
      )}
      <Card title={t("memberships")}>
        <MembershipList memberships={memberships.data} more={memberships.nextCursor !== null} />
      </Card>
      <Card title={t("partnerHistory")}>
        <ListOrNone items={history} none={t("neverChanged")}>
          <ol className="space-y-1 text-sm">
            {history.map((change) => (
              <li key={change.at} className="break-words">
                {t.rich("partnerChange", {
                  time: when(change.at),
                  from: tl(`partnerStatus.${change.from}`),
                  to: tl(`partnerStatus.${change.to}`),
                })}
                {change.by ? ` ${t("partnerChangeBy", { name: change.by.displayName })}` : ""}
                {change.note ? `: ${change.note}` : ""}
              </li>
            ))}
          </ol>
        </ListOrNone>
      </Card>
      <Card title={t("loginHistory")} description={t("loginHistoryDescription")}>
        <LoginHistoryTable events={signIns.data} />
        {signIns.nextCursor && (
          <a href={`/admin/users/${id}?history=${signIns.nextCursor}`} className="mt-4 inline-block text-sm font-semibold text-indigo-700">
            {t("olderAttempts")}
          </a>
        )}
      </Card>
      {warnings && (
        <Card title={t("warnings")} description={t("warningsDescription")}>
          <WarningsPanel
            userId={id}
            warnings={warnings}
            canManage={hasPlatformPermission(actor, "warnings.manage")}
            actions={{ create: createWarningAction, revoke: revokeWarningAction }}
          />
        </Card>
      )}
    </div>
  );
}
