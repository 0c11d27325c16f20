import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NoAccess } from "@/components/projects/manage/no-access";
import { TeamManager } from "@/components/projects/manage/team-manager";
import { roleName } from "@/components/projects/role-name";
import { Card } from "@/components/ui/card";
import { listMembers, listRoles } from "@/lib/members/service";
import { canAssignRole, canManageMember, canTransferOwnership } from "@/lib/permissions";
import { openManageTab } from "@/lib/portal/project-page";
import {
  addMemberAction,
  changeMemberRoleAction,
  removeMemberAction,
  searchMemberCandidatesAction,
  transferOwnershipAction,
} from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("manage.tabs");
  return { title: t("team") };
}

export default async function TeamPage({ params }: { params: Promise<{ slug: string }> }) {
  const tab = await openManageTab((await params).slug, "team");
  if (tab.denied) return <NoAccess what={tab.denied} />;
  const { actor, project, access } = tab;
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
}
