import { getTranslations } from "next-intl/server";
import { type ManageTabPageProps, manageTabMetadata, renderManageTab } from "@/components/projects/manage/tab-page";
import { RoleEditor } from "@/components/projects/manage/role-editor";
import { RolesTable } from "@/components/projects/manage/roles-table";
import { roleName } from "@/components/projects/role-name";
import { Card } from "@/components/ui/card";
import { listRoles } from "@/lib/members/service";
import { canDefineRole } from "@/lib/permissions";
import { deleteRoleAction, saveRoleAction } from "./actions";

export const generateMetadata = manageTabMetadata("roles");

export default async function RolesPage(props: ManageTabPageProps) {
  return renderManageTab(props, "roles", async ({ actor, project, access }) => {
    const [roles, t, defaultRole] = await Promise.all([
      listRoles(actor, project.id),
      getTranslations("manage.roles"),
      getTranslations("labels.defaultRole"),
    ]);
    const manages = access.permissions.has("roles.manage");
    // What the table and the editor of a new role both work with.
    const editing = {
      target: { projectId: project.id, slug: project.slug },
      grantable: [...access.permissions],
      modules: project.modules,
      actions: { save: saveRoleAction, remove: deleteRoleAction },
    };
    return (
      <div className="space-y-6">
        <Card title={t("title")} description={t("description")}>
          <RolesTable
            {...editing}
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
              {...editing}
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
  });
}
