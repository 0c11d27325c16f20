import type { Metadata } from "next";
import { deleteRoleAction, saveRoleAction } from "@/app/projects/[slug]/manage/actions";
import { NoAccess } from "@/components/projects/manage/no-access";
import { RoleEditor } from "@/components/projects/manage/role-editor";
import { Card } from "@/components/ui/card";
import { listRoles } from "@/lib/members/service";
import { canDefineRole } from "@/lib/permissions";
import { loadManagePage } from "@/lib/portal/project-page";

export const metadata: Metadata = { title: "Roles" };

export default async function RolesPage({ params }: { params: Promise<{ slug: string }> }) {
  const { actor, project, access } = await loadManagePage((await params).slug);
  if (!access.permissions.has("members.view")) return <NoAccess what="see the roles" />;
  const roles = await listRoles(actor, project.id);
  const target = { projectId: project.id, slug: project.slug };
  const manages = access.permissions.has("roles.manage");
  const grantable = [...access.permissions];
  const actions = { save: saveRoleAction, remove: deleteRoleAction };
  return (
    <div className="space-y-6">
      <Card title="Roles" description="Each role is a set of project permissions with a rank. Roles apply only inside this project.">
        <div className="space-y-4">
          {roles.map((role) => (
            <RoleEditor key={role.id} target={target} grantable={grantable} actions={actions} role={{ ...role, editable: manages && role.key !== "OWNER" && canDefineRole(access, role) }} />
          ))}
        </div>
      </Card>
      {manages && (
        <Card title="Create a custom role" description="It can rank below yours and hold only permissions you have.">
          <RoleEditor target={target} grantable={grantable} actions={actions} role={{ id: null, name: "", rank: 15, permissions: ["project.view", "members.view"], custom: true, memberCount: 0, editable: true }} />
        </Card>
      )}
    </div>
  );
}
