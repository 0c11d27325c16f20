import { getTranslations } from "next-intl/server";
import { type ManageTabPageProps, manageTabMetadata, renderManageTab } from "@/components/projects/manage/tab-page";
import { TeamManager } from "@/components/projects/manage/team-manager";
import { roleName } from "@/components/projects/role-name";
import { Card } from "@/components/ui/card";
import { listMembers, listRoles } from "@/lib/members/service";
import { canAssignRole, canManageMember, canTransferOwnership } from "@/lib/permissions";
import {
  addMemberAction,
  changeMemberRoleAction,
  removeMemberAction,
  searchMemberCandidatesAction,
  transferOwnershipAction,
} from "./actions";

export const generateMetadata = manageTabMetadata("team");

export default async function TeamPage(props: ManageTabPageProps) {
  return renderManageTab(props, "team", async ({ actor, project, access }) => {
    const [members, roles, t, defaultRole] = await Promise.all([
      listMembers(actor, project.id),
      listRoles(actor, project.id),
      getTranslations("manage.team"),
      getTranslations("labels.defaultRole"),
    ]);
    const name = (role: { key: string | null; name: string }) => roleName(role, (key) => defaultRole(key));
    const canManage = access.permissions.has("members.manage");
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
            manageable: canManage && canManageMember(access, member.role) && member.userId !== actor?.userId,
            self: member.userId === actor?.userId,
          }))}
          assignableRoles={roles.filter((role) => canAssignRole(access, role)).map((role) => ({ id: role.id, name: name(role) }))}
          canManage={canManage}
          canTransfer={canTransferOwnership(access)}
          actions={{
            add: addMemberAction,
            search: searchMemberCandidatesAction,
            changeRole: changeMemberRoleAction,
            remove: removeMemberAction,
            transfer: transferOwnershipAction,
          }}
        />
      </Card>
    );
  });
}
