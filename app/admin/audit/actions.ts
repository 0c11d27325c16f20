"use server";

import { z } from "zod";
import { searchAuditProjects, searchAuditUsers } from "@/lib/audit/service";
import { portalAction } from "@/lib/portal/action";

/** The audit log's pickers: reads, so nothing is revalidated. */
export const searchAuditUsersAction = portalAction({
  signIn: "/admin/audit",
  args: z.tuple([z.string().max(64)]),
  run: async ([query], { actor }) => ({
    message: "",
    data: {
      options: (await searchAuditUsers(actor, query)).map((user) => ({
        value: user.id,
        label: user.displayName,
        detail: `@${user.username}`,
        avatarUrl: user.avatarUrl,
      })),
    },
  }),
});

export const searchAuditProjectsAction = portalAction({
  signIn: "/admin/audit",
  args: z.tuple([z.string().max(100)]),
  run: async ([query], { actor }) => ({
    message: "",
    data: {
      options: (await searchAuditProjects(actor, query)).map((project) => ({
        value: project.id,
        label: project.name,
        detail: project.slug,
      })),
    },
  }),
});
