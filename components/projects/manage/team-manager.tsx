"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { DataTable } from "@/components/ui/data-table";
import { useAction } from "@/components/ui/use-action";
import type { FormResult } from "@/lib/portal/form-result";
import type { ProjectTarget } from "./presentation-form";
import { type PendingInvitation, PendingInvitations } from "./team-invitations";
import { InviteForm } from "./team-invite-form";
import { type Member, MemberCard, type MemberControls, MemberRow } from "./team-member-row";
import { TransferOwnershipForm } from "./team-transfer-ownership";
import type { Candidate } from "./user-combobox";

export interface TeamActions {
  /** Invites an account; it joins once it accepts (docs/projects.md, "Invitations"). */
  invite: (target: ProjectTarget, input: { username: string; roleId: string }) => Promise<FormResult>;
  revokeInvitation: (target: ProjectTarget, invitationId: string) => Promise<FormResult>;
  /** Accounts that could be invited, for the search-as-you-type. */
  search: (target: ProjectTarget, query: string) => Promise<FormResult<{ users: Candidate[] }>>;
  changeRole: (target: ProjectTarget, userId: string, roleId: string) => Promise<FormResult>;
  /** Removing oneself is leaving: it goes on to My projects. */
  remove: (target: ProjectTarget, userId: string) => Promise<FormResult<{ left: boolean }>>;
  transfer: (target: ProjectTarget, username: string) => Promise<FormResult>;
  /** Accounts the ownership may go to, for Transfer ownership's search-as-you-type. */
  searchOwners: (target: ProjectTarget, query: string) => Promise<FormResult<{ users: Candidate[] }>>;
}

/**
 * The Team tab: the members (a table from 640 px, a card each below, so Remove and Leave are never
 * cut off on a phone), the invitations waiting for an answer, the invitation form and the
 * ownership transfer, each shown as the reader's permissions allow.
 */
export function TeamManager({
  target,
  members,
  invitations,
  assignableRoles,
  canManage,
  canTransfer,
  actions,
}: {
  target: ProjectTarget;
  members: Member[];
  invitations: PendingInvitation[];
  assignableRoles: { id: string; name: string }[];
  canManage: boolean;
  canTransfer: boolean;
  actions: TeamActions;
}) {
  const t = useTranslations("manage.team");
  const { run, pending, busy } = useAction();
  /** Role choices not saved yet, by member. */
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const roleNameOf = (roleId: string) => assignableRoles.find((role) => role.id === roleId)?.name ?? "";

  const saveRole = (member: Member) => {
    const roleId = chosen[member.userId];
    if (!roleId || roleId === member.role.id) return;
    run(() => actions.changeRole(target, member.userId, roleId), {
      key: `role-${member.userId}`,
      confirm: {
        title: t("changeRoleTitle", { name: member.displayName }),
        body: t("changeRoleBody", { name: member.displayName, from: member.role.name, to: roleNameOf(roleId) }),
        confirmLabel: t("changeRoleConfirm"),
        tone: "primary",
      },
      onSuccess: () => setChosen(({ [member.userId]: _saved, ...rest }) => rest),
    });
  };

  const removeMember = (member: Member) =>
    run(() => actions.remove(target, member.userId), {
      key: `remove-${member.userId}`,
      confirm: member.self
        ? { title: t("leaveTitle"), body: t("leaveBody"), confirmLabel: t("leave") }
        : {
            title: t("removeTitle", { name: member.displayName }),
            body: t("removeBody", { name: member.displayName }),
            confirmLabel: t("remove"),
          },
    });

  const revoke = (invitation: PendingInvitation) =>
    run(() => actions.revokeInvitation(target, invitation.id), {
      key: `invitation-${invitation.id}`,
      confirm: {
        title: t("revokeTitle", { name: invitation.invitee.displayName }),
        body: t("revokeBody", { name: invitation.invitee.displayName }),
        confirmLabel: t("revokeConfirm"),
      },
    });

  const controls = (member: Member): MemberControls => ({
    member,
    assignableRoles,
    selected: chosen[member.userId] ?? member.role.id,
    disabled: pending,
    busy: busy === `role-${member.userId}` ? "role" : busy === `remove-${member.userId}` ? "remove" : null,
    onSelect: (roleId) => setChosen((current) => ({ ...current, [member.userId]: roleId })),
    onSave: () => saveRole(member),
    onUndo: () => setChosen(({ [member.userId]: _undone, ...rest }) => rest),
    onRemove: () => removeMember(member),
  });

  return (
    <div className="space-y-6">
      <DataTable
        caption={t("members")}
        className="hidden sm:block"
        columns={[{ label: t("member") }, { label: t("role") }, { label: t("actions"), srOnly: true, className: "text-right" }]}
      >
        {members.map((member) => (
          <MemberRow key={member.userId} {...controls(member)} />
        ))}
      </DataTable>
      <ul aria-label={t("members")} className="divide-y divide-slate-100 sm:hidden">
        {members.map((member) => (
          <MemberCard key={member.userId} {...controls(member)} />
        ))}
      </ul>
      {canManage && (
        <PendingInvitations
          invitations={invitations}
          busy={busy?.startsWith("invitation-") ? busy.slice("invitation-".length) : null}
          onRevoke={revoke}
        />
      )}
      {canManage && assignableRoles.length > 0 && <InviteForm target={target} assignableRoles={assignableRoles} actions={actions} />}
      {canTransfer && <TransferOwnershipForm target={target} actions={actions} />}
    </div>
  );
}
