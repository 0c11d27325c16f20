import { getFormatter, getTranslations } from "next-intl/server";
import { type ManageTabPageProps, manageTabMetadata, renderManageTab } from "@/components/projects/manage/tab-page";
import { TeamManager } from "@/components/projects/manage/team-manager";
import { roleName } from "@/components/projects/role-name";
import { Card } from "@/components/ui/card";
import { listProjectInvitations } from "@/lib/invitations/service";
import { listMembers, listRoles } from "@/lib/members/service";
import { canAssignRole, canManageMember, canTransferOwnership } from "@/lib/permissions";
import {
  changeMemberRoleAction,
  inviteAction,
  removeMemberAction,
  revokeInvitationAction,
  searchMemberCandidatesAction,
  searchOwnerCandidatesAction,
  transferOwnershipAction,
} from "./actions";

export const generateMetadata = manageTabMetadata("team");

/** How many waiting invitations the tab lists (the API pages through all of them). */
const INVITATIONS_SHOWN = 100;

export default async function TeamPage(props: ManageTabPageProps) {
  return renderManageTab(props, "team", async ({ actor, project, access }) => {
    const canManage = access.permissions.has("members.manage");
    const [members, roles, invitations, t, defaultRole, format] = await Promise.all([
      listMembers(actor, project.id),
      listRoles(actor, project.id),
      canManage && actor ? listProjectInvitations(actor, project.id, { status: "PENDING", limit: INVITATIONS_SHOWN }) : null,
      getTranslations("manage.team"),
      getTranslations("labels.defaultRole"),
      getFormatter(),
    ]);
    const name = (role: { key: string | null; name: string }) => roleName(role, (key) => defaultRole(key));
    const rankOf = new Map(roles.map((role) => [role.id, role.rank]));
    // The last Owner cannot leave, be removed or get another role (the service refuses): ownership moves by transfer.
    const owners = members.filter((member) => member.role.key === "OWNER").length;
    const soleOwner = (member: (typeof members)[number]) => member.role.key === "OWNER" && owners === 1;
    return (
      <Card title={t("title")} description={t("description")}>
        <TeamManager
          target={{ projectId: project.id, slug: project.slug }}
          members={members.map((member) => ({
            userId: member.userId,
            username: member.username,
            displayName: member.displayName,
            avatarUrl: member.avatarUrl,
            role: { id: member.role.id, name: name(member.role) },
            manageable: canManage && canManageMember(access, member.role) && member.userId !== actor?.userId && !soleOwner(member),
            self: member.userId === actor?.userId,
            soleOwner: soleOwner(member),
          }))}
          invitations={(invitations?.data ?? []).map((invitation) => ({
            id: invitation.id,
            invitee: invitation.invitee,
            role: invitation.role && name(invitation.role),
            invitedBy: invitation.invitedBy?.displayName ?? null,
            expires: format.dateTime(new Date(invitation.expiresAt), "date"),
            revocable: !invitation.role || canManageMember(access, { rank: rankOf.get(invitation.role.id) ?? 0 }),
          }))}
          assignableRoles={roles.filter((role) => canAssignRole(access, role)).map((role) => ({ id: role.id, name: name(role) }))}
          canManage={canManage}
          canTransfer={canTransferOwnership(access)}
          actions={{
            invite: inviteAction,
            revokeInvitation: revokeInvitationAction,
            search: searchMemberCandidatesAction,
            searchOwners: searchOwnerCandidatesAction,
            changeRole: changeMemberRoleAction,
            remove: removeMemberAction,
            transfer: transferOwnershipAction,
          }}
        />
      </Card>
    );
  });
}
