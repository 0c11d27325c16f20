"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { idSchema } from "@/lib/http/operation";
import { roleDefinitionSchema } from "@/lib/members/schemas";
import { createRole, deleteRole, updateRole } from "@/lib/members/service";
import { manageWrite, portalAction, projectTarget } from "@/lib/portal/action";
import { done } from "@/lib/portal/answers";

/**
 * The Roles tab's actions. Each parses with the API's schema and calls the same service as
 * the API, which checks every permission again.
 */

export const saveRoleAction = portalAction({
  ...manageWrite(),
  args: z.tuple([projectTarget, idSchema.nullable(), roleDefinitionSchema]),
  run: async ([{ projectId }, roleId, input], { actor, meta }) => {
    if (roleId) await updateRole(actor, projectId, roleId, input, meta);
    else await createRole(actor, projectId, input, meta);
    const t = await getTranslations("manage.done");
    return roleId ? t("roleSaved") : t("roleCreated", { name: input.name });
  },
});

export const deleteRoleAction = portalAction({
  ...manageWrite(),
  args: z.tuple([projectTarget, idSchema, z.boolean()]),
  run: ([{ projectId }, roleId, moveMembers], { actor, meta }) =>
    done(deleteRole(actor, projectId, roleId, moveMembers ? "moveToMember" : "refuse", meta), "manage.done.roleDeleted"),
});
