import { db } from "../db/client";
import { type AuditNames, emptyAuditNames } from "./sentence";
import type { AuditEntryView } from "./schemas";

/** The ids a page of entries refers to, per table. */
class Wanted {
  readonly users = new Set<string>();
  readonly projects = new Set<string>();
  readonly roles = new Set<string>();
  readonly byType = new Map<string, Set<string>>();

  thing(type: string, id: unknown) {
    if (typeof id !== "string" || !id) return;
    const ids = this.byType.get(type) ?? new Set<string>();
    ids.add(id);
    this.byType.set(type, ids);
  }

  ids(type: string): string[] {
    return [...(this.byType.get(type) ?? [])];
  }
}

const add = (set: Set<string>, value: unknown) => {
  for (const item of Array.isArray(value) ? value : [value]) if (typeof item === "string" && item) set.add(item);
};

/** Runs `query` only when there are ids to look up. */
async function some<T>(ids: string[], query: (ids: string[]) => Promise<T[]>): Promise<T[]> {
  return ids.length ? query(ids) : [];
}

/** A table whose things are named by the text column `F` (`fields` names its columns, so an unknown one does not compile). */
interface NamedTable<F extends string> {
  fields: Record<F, unknown>;
  findMany(args: { where: { id: { in: string[] } }; select: Record<"id" | F, true> }): PromiseLike<Record<"id" | F, string>[]>;
}

/** The things `ids` of `table`, each named by its column `field`. */
async function namedBy<F extends string>(table: NamedTable<F>, field: F, ids: string[]) {
  const rows = await table.findMany({ where: { id: { in: ids } }, select: { id: true, [field]: true } as Record<"id" | F, true> });
  return rows.map((row) => ({ id: row.id, text: row[field] }));
}

/** How a thing of each target type is named (a release by its version, a page by its title...). */
const NAMED: Record<string, (ids: string[]) => Promise<{ id: string; text: string }[]>> = {
  release: (ids) => namedBy(db.release, "version", ids),
  download: (ids) => namedBy(db.download, "fileName", ids),
  page: (ids) => namedBy(db.projectPage, "title", ids),
  message: (ids) => namedBy(db.projectMessage, "title", ids),
  token: (ids) => namedBy(db.apiToken, "name", ids),
  device: (ids) => namedBy(db.device, "name", ids),
  device_authorization: (ids) => namedBy(db.deviceAuthorization, "clientName", ids),
  webhook: (ids) => namedBy(db.webhook, "url", ids),
};

/** Walks the changes of an entry for ids that name something (a role offered, a release of a file, the owners). */
function collect(wanted: Wanted, field: string, value: unknown) {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) collect(wanted, key, inner);
    return;
  }
  if (field === "ownerId" || field === "owners" || field === "userId") add(wanted.users, value);
  else if (field === "roleId" || field === "offeredRoleIds") add(wanted.roles, value);
  else if (field === "releaseId") wanted.thing("release", value);
  else if (field === "applicationId") wanted.thing("application", value);
  else if (field === "invitationId") wanted.thing("invitation", value);
  else if (field === "tokenId" || field === "revokedWithParent") wanted.thing("token", value);
}

/**
 * The names a page of audit entries needs (users, projects, roles, releases, files, pages...),
 * in one query per kind of thing. Deleted projects and accounts keep their rows, so their names are
 * found (and marked deleted); things deleted for good are named from what the entry kept.
 */
export async function loadAuditNames(entries: AuditEntryView[], also: { userIds?: string[]; projectIds?: string[] } = {}) {
  const wanted = new Wanted();
  add(wanted.users, also.userIds ?? []);
  add(wanted.projects, also.projectIds ?? []);
  for (const entry of entries) {
    if (entry.actor) wanted.users.add(entry.actor.id);
    if (entry.projectId) wanted.projects.add(entry.projectId);
    if (entry.targetType === "user" || entry.targetType === "member") wanted.users.add(entry.targetId);
    else if (entry.targetType === "project") wanted.projects.add(entry.targetId);
    else if (entry.targetType === "role") wanted.roles.add(entry.targetId);
    else wanted.thing(entry.targetType, entry.targetId);
    for (const [field, change] of Object.entries(entry.changes)) {
      collect(wanted, field, change.before);
      collect(wanted, field, change.after);
    }
  }
  // Applications, invitations and warnings are named by the person they are about.
  const about = await Promise.all([
    some(wanted.ids("application"), (ids) => db.application.findMany({ where: { id: { in: ids } }, select: { id: true, userId: true } })),
    some(wanted.ids("invitation"), (ids) =>
      db.projectInvitation.findMany({ where: { id: { in: ids } }, select: { id: true, userId: true } }),
    ),
    some(wanted.ids("warning"), (ids) => db.warning.findMany({ where: { id: { in: ids } }, select: { id: true, userId: true } })),
  ]);
  const names: AuditNames = emptyAuditNames();
  for (const [index, type] of (["application", "invitation", "warning"] as const).entries()) {
    for (const row of about[index]) {
      wanted.users.add(row.userId);
      names.people.set(`${type}:${row.id}`, row.userId);
    }
  }
  const [users, projects, roles] = await Promise.all([
    some([...wanted.users], (ids) =>
      db.user.findMany({ where: { id: { in: ids } }, select: { id: true, displayName: true, username: true, deletedAt: true } }),
    ),
    some([...wanted.projects], (ids) =>
      db.project.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, slug: true, deletedAt: true } }),
    ),
    some([...wanted.roles], (ids) => db.projectRole.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, key: true } })),
    ...Object.entries(NAMED).map(async ([type, query]) => {
      for (const row of await some(wanted.ids(type), query)) names.labels.set(`${type}:${row.id}`, row.text);
    }),
  ]);
  for (const user of users)
    names.users.set(user.id, { displayName: user.displayName, username: user.username, deleted: user.deletedAt !== null });
  for (const project of projects)
    names.projects.set(project.id, { name: project.name, slug: project.slug, deleted: project.deletedAt !== null });
  for (const role of roles) names.roles.set(role.id, { name: role.name, key: role.key });
  return names;
}
