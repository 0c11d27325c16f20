import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NoAccess } from "@/components/projects/manage/no-access";
import { RoleEditor } from "@/components/projects/manage/role-editor";
import { RolesTable } from "@/components/projects/manage/roles-table";
import { roleName } from "@/components/projects/role-name";
import { Card } from "@/components/ui/card";
import { listRoles } from "@/lib/members/service";
import { canDefineRole } from "@/lib/permissions";
import { openManageTab } from "@/lib/portal/project-page";
import { deleteRoleAction, saveRoleAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("manage.tabs");
  return { title: t("roles") };
}

export default async function RolesPage({ params }: { params: Promise<{ slug: string }> }) {
  const tab = await openManageTab((await params).slug, "roles");
  if (tab.denied) return <NoAccess what={tab.denied} />;
  const { actor, project, access } = tab;
  const [roles, t, defaultRole] = await Promise.all([
    listRoles(actor, project.id),
    getTranslations("manage.roles"),
    getTranslations("labels.defaultRole"),
  ]);
  const target = { projectId: project.id, slug: project.slug };
  const manages = access.permissions.has("roles.manage");
  const grantable = [...access.permissions];
  const actions = { save: saveRoleAction, remove: deleteRoleAction };
  return (
    <div className="space-y-6">
      <Card title={t("title")} description={t("description")}>
        <RolesTable
          target={target}
          grantable={grantable}
          actions={actions}
          roles={roles.map((role) => ({
            ...role,
            label: roleName(role, (key) => defaultRole(key)),
            editable: manages && role.key !== "OWNER" && canDefineRole(access, role),
          }))}
        />
      </Card>
      {manages && (
        <Card title={t("createTitle")} description={t("createText")}>
          <RoleEditor
            target={target}
            grantable={grantable}
            actions={actions}
            role={{
              id: null,
              key: null,
              name: "",
              label: "",
              rank: 15,
              permissions: ["project.view", "members.view"],
              custom: true,
              memberCount: 0,
              editable: true,
            }}
          />
        </Card>
      )}
    </div>
  );
}
