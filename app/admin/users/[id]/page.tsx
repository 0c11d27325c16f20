import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { StaffUserForm } from "@/components/admin/staff-user-form";
import { WarningsPanel } from "@/components/admin/warnings-panel";
import { MembershipList } from "@/components/applications/memberships";
import { Card, PageHeader } from "@/components/ui/card";
import { listMemberships } from "@/lib/applications/service";
import { Notice } from "@/components/ui/notice";
import { requirePortalActor } from "@/lib/auth/portal";
import { NotFound } from "@/lib/errors";
import { canEditProfileOf, canGrantPlatformRole, canManageRolesOf, canSetPartnerStatusOf, canSuspend, hasPlatformPermission, PLATFORM_ROLE_INFO, PLATFORM_ROLES } from "@/lib/permissions";
import { canReadFullRecords, getUser, partnerHistory } from "@/lib/users/service";
import { listWarnings } from "@/lib/warnings/service";
import type { fullUserSchema } from "@/lib/users/schemas";
import type { z } from "zod";

export const metadata: Metadata = { title: "User" };

export default async function UserAdminPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await requirePortalActor(`/admin/users/${id}`);
  if (!canReadFullRecords(actor)) return <Notice tone="info">User administration is for the platform team.</Notice>;
  let loaded: Awaited<ReturnType<typeof getUser>>;
  try {
    loaded = await getUser(actor, id);
  } catch (error) {
    if (error instanceof NotFound) notFound();
    throw error;
  }
  const record = loaded.body as z.infer<typeof fullUserSchema>;
  const target = loaded.user;
  const [history, warnings, memberships] = await Promise.all([
    partnerHistory(actor, id),
    hasPlatformPermission(actor, "warnings.read") ? listWarnings(actor, id) : Promise.resolve(null),
    listMemberships(actor, id, { limit: 100 }),
  ]);
  const can = {
    profile: canEditProfileOf(actor, target),
    roles: hasPlatformPermission(actor, "users.roles") && canManageRolesOf(actor, target) && actor.userId !== id ? PLATFORM_ROLES.filter((role) => canGrantPlatformRole(actor, role)) : null,
    partner: canSetPartnerStatusOf(actor, target),
    suspend: canSuspend(actor, target),
  };
  return (
    <div className="space-y-6">
      <PageHeader title={`${record.displayName} (@${record.username})`} description={`${record.email} · ${record.platformRoles.map((role) => PLATFORM_ROLE_INFO[role].label).join(", ")} · partner status ${record.partnerStatus}${record.suspended ? " · suspended" : ""}`} />
      <Card title="Account">
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div><dt className="text-slate-500">Registered</dt><dd>{new Date(record.createdAt).toLocaleString("en")}</dd></div>
          <div><dt className="text-slate-500">E-mail confirmed</dt><dd>{record.emailVerified ? "yes" : "no"}</dd></div>
          <div><dt className="text-slate-500">Date of birth</dt><dd>{record.dateOfBirth ?? "not given"}</dd></div>
          <div><dt className="text-slate-500">Sign-in lock (unknown sources)</dt><dd>{record.lockedUntil ? `locked until ${new Date(record.lockedUntil).toLocaleString("en")}` : "none"}</dd></div>
          {record.suspensionReason && <div><dt className="text-slate-500">Suspension reason</dt><dd>{record.suspensionReason}</dd></div>}
        </dl>
      </Card>
      {(can.profile || can.roles || can.partner || can.suspend) && (
        <Card title="Administration">
          <StaffUserForm
            userId={id}
            version={target.version}
            can={can}
            initial={{ displayName: record.displayName, platformRoles: record.platformRoles, partnerStatus: record.partnerStatus, partnerNote: "", suspended: record.suspended, suspensionReason: record.suspensionReason ?? "" }}
          />
        </Card>
      )}
      <Card title="Project memberships">
        <MembershipList memberships={memberships.data} more={memberships.nextCursor !== null} canLeave={false} />
      </Card>
      <Card title="Partner status history">
        {history.length === 0 ? (
          <p className="text-sm text-slate-500">Never changed.</p>
        ) : (
          <ol className="space-y-1 text-sm">
            {history.map((change) => (
              <li key={change.at}>{new Date(change.at).toLocaleString("en")}: {change.from} → <strong>{change.to}</strong>{change.by ? ` by ${change.by.displayName}` : ""}{change.note ? `: ${change.note}` : ""}</li>
            ))}
          </ol>
        )}
      </Card>
      {warnings && (
        <Card title="Warnings" description="Internal: never shown to the user.">
          <WarningsPanel userId={id} warnings={warnings} canManage={hasPlatformPermission(actor, "warnings.manage")} />
        </Card>
      )}
    </div>
  );
}
