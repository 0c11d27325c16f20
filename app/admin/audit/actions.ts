"use server";

import { z } from "zod";
import { searchAuditProjects, searchAuditUsers } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import type { PickerOption } from "@/components/audit/audit-picker";
import { portalAction } from "@/lib/portal/action";

/** An audit log picker: the rows matching the query, as options. A read, so nothing is revalidated. */
const pickerAction = <Row>(
  maxLength: number,
  search: (actor: Actor, query: string) => Promise<Row[]>,
  option: (row: Row) => PickerOption,
) =>
  portalAction({
    signIn: "/admin/audit",
    args: z.tuple([z.string().max(maxLength)]),
    run: async ([query], { actor }) => ({ message: "", data: { options: (await search(actor, query)).map(option) } }),
  });

export const searchAuditUsersAction = pickerAction(64, searchAuditUsers, (user) => ({
  value: user.id,
  label: user.displayName,
  detail: `@${user.username}`,
  avatarUrl: user.avatarUrl,
}));

export const searchAuditProjectsAction = pickerAction(100, searchAuditProjects, (project) => ({
  value: project.id,
  label: project.name,
  detail: project.slug,
}));
