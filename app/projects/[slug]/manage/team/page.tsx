import type { Metadata } from "next";
import { addMemberAction, changeMemberRoleAction, removeMemberAction, transferOwnershipAction } from "@/app/projects/[slug]/manage/actions";
import { NoAccess } from "@/components/projects/manage/no-access";
import { TeamManager } from "@/components/projects/manage/team-manager";
import { Card } from "@/components/ui/card";
import { listMembers, listRoles } from "@/lib/members/service";
import { canAssignRole, canManageMember, canTransferOwnership } from "@/lib/permissions";
import { loadManagePage } from "@/lib/portal/project-page";

export const metadata: Metadata = { title: "Team" };

export default async function TeamPage({ params }: { params: Promise<{ slug: string }> }) {
  const { actor, project, access } = await loadManagePage((await params).slug);
  if (!access.permissions.has("members.view")) return <NoAccess what="see the team" />;
  const [members, roles] = await Promise.all([listMembers(actor, project.id), listRoles(actor, project.id)]);
  const canManage = access.permissions.has("members.manage");
  return (
    <Card title="Team" description="Members act with the permissions of their role. You manage members who rank below you.">
      <TeamManager
        target={{ projectId: project.id, slug: project.slug }}
        members={members.map((member) => ({
          userId: member.userId,
          username: member.username,
          displayName: member.displayName,
          role: { id: member.role.id, name: member.role.name },
          manageable: canManage && canManageMember(access, member.role) && member.userId !== actor?.userId,
          self: member.userId === actor?.userId,
        }))}
        assignableRoles={roles.filter((role) => canAssignRole(access, role)).map((role) => ({ id: role.id, name: role.name }))}
        canManage={canManage}
        canTransfer={canTransferOwnership(access)}
        actions={{ add: addMemberAction, changeRole: changeMemberRoleAction, remove: removeMemberAction, transfer: transferOwnershipAction }}
      />
    </Card>
  );
}
