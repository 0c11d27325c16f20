import { auditContext, type Actor, type RequestMeta } from "../auth/actor";
import { recordAudit } from "../audit-log/record";
import { cachedData } from "../cache/data-cache";
import { db, type Tx } from "../db/client";
import type { Application, Prisma, Project, ProjectRole, User } from "../db/generated/client";
import { Conflict, Forbidden, NotFound, RuleViolation, ValidationFailed } from "../errors";
import { afterPosition, decodeCursor, NEWEST_FIRST, toPage } from "../http/pagination";
import { removeMember } from "../members/service";
import { publicBaseUrl } from "../mail/outbox";
import { membersHolding, notify, tellDecision } from "../notifications/service";
import { canAcceptAs, canApply, hasPlatformPermission, projectAccess } from "../permissions";
import { inProject, requireProjectPermission, type ProjectContext } from "../projects/access";
import { OFFERABLE_ROLES, settingsOf } from "../projects/settings";
import { isReopenable, REOPEN_WINDOW_MINUTES } from "./reopen";
import {
  DEFAULT_APPLICATION_PROMPT,
  type ApplicationStatus,
  type ApplicationView,
  type ApplyInput,
  type DecisionInput,
  HISTORY_OUTCOMES,
  type HistoryOutcome,
  type MembershipView,
} from "./schemas";

type ApplicationRow = Application & {
  project: Pick<Project, "id" | "slug" | "name">;
  user: Pick<User, "id" | "username" | "displayName" | "avatarUrl" | "createdAt">;
  role: Pick<ProjectRole, "id" | "key" | "name"> | null;
};

const APPLICATION_INCLUDE = {
  project: { select: { id: true, slug: true, name: true } },
  user: { select: { id: true, username: true, displayName: true, avatarUrl: true, createdAt: true } },
  role: { select: { id: true, key: true, name: true } },
} as const;

function presentApplication(row: ApplicationRow): ApplicationView {
  return {
    id: row.id,
    projectId: row.projectId,
    userId: row.userId,
    message: row.message,
    roleId: row.roleId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedById,
    reason: row.decisionReason,
    role: row.role,
    project: row.project,
    applicant: {
      id: row.user.id,
      username: row.user.username,
      displayName: row.user.displayName,
      avatarUrl: row.user.avatarUrl,
      memberSince: row.user.createdAt.toISOString(),
    },
  };
}

/** The project with its Applications module on: with the module off, none of this exists (404). */
function applicationsProject(actor: Actor | null, projectId: string, client: Tx | typeof db = db) {
  return inProject(actor, projectId, { module: "APPLICATIONS", client });
}

/**
 * What the project page shows a signed-in non-member about applying: the prompt, the roles one may
 * ask for, and the pending application if there is one. Null when there is nothing to show
 * (module off, a member, or applications not taken and nothing pending).
 */
export async function applicationPanel(actor: Actor, context: ProjectContext) {
  if (!context.project.modules.includes("APPLICATIONS") || context.membership) return null;
  const settings = settingsOf(context.project);
  const open = canApply({ ...context.project, applicationsOpen: settings.applicationsOpen }, { member: false });
  const [pending, roles] = await Promise.all([
    db.application.findFirst({
      where: { projectId: context.project.id, userId: actor.userId, status: "PENDING" },
      include: APPLICATION_INCLUDE,
    }),
    settings.offeredRoleIds.length
      ? db.projectRole.findMany({
          where: { projectId: context.project.id, id: { in: settings.offeredRoleIds }, ...OFFERABLE_ROLES },
          orderBy: { rank: "asc" },
        })
      : [],
  ]);
  if (!open && !pending) return null;
  return {
    prompt: settings.applicationPrompt.trim() || DEFAULT_APPLICATION_PROMPT,
    offeredRoles: roles.map(({ id, key, name }) => ({ id, key, name })),
    pending: pending ? { id: pending.id, createdAt: pending.createdAt.toISOString(), role: pending.role } : null,
  };
}

export async function applyToProject(actor: Actor, projectId: string, input: ApplyInput, meta: RequestMeta): Promise<ApplicationView> {
  return db.$transaction(async (tx) => {
    const context = await applicationsProject(actor, projectId, tx);
    if (context.membership) throw new Conflict("You are already on this project's team.", "already_member");
    const settings = settingsOf(context.project);
    if (!canApply({ ...context.project, applicationsOpen: settings.applicationsOpen }, { member: false })) {
      throw new RuleViolation("This project does not take applications at the moment.", "applications_closed");
    }
    if (input.roleId !== undefined && !settings.offeredRoleIds.includes(input.roleId)) {
      throw new ValidationFailed([{ path: "roleId", message: "This project does not offer this role to applicants." }]);
    }
    // One pending application per user and project: lock the applicant's row so two requests at once queue up.
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${actor.userId} FOR UPDATE`;
    if (await tx.application.findFirst({ where: { projectId, userId: actor.userId, status: "PENDING" }, select: { id: true } })) {
      throw new Conflict("You already have a pending application to this project. Withdraw it to apply again.", "application_pending");
    }
    const application = await tx.application.create({
      data: { projectId, userId: actor.userId, message: input.message, roleId: input.roleId ?? null },
      include: APPLICATION_INCLUDE,
    });
    await recordAudit(tx, auditContext(actor, meta), {
      action: "application.create",
      targetType: "application",
      targetId: application.id,
      projectId,
      changes: { status: { before: null, after: "PENDING" }, roleId: { before: null, after: application.roleId } },
    });
    // A default role's key lets each reader see its name in their language.
    const role = application.roleId
      ? await tx.projectRole.findUnique({ where: { id: application.roleId }, select: { key: true, name: true } })
      : null;
    await notify(tx, await membersHolding(tx, projectId, "applications.decide"), {
      kind: "application.new",
      params: { project: context.project.name, applicant: actor.displayName, role: role?.name ?? "", roleKey: role?.key ?? "" },
      link: `/projects/${context.project.slug}/manage/applications`,
    });
    return presentApplication(application);
  });
}

/** Moves a PENDING application on. Conditional on PENDING, so of two changes at once exactly one counts. */
async function settle(tx: Tx, applicationId: string, data: Prisma.ApplicationUncheckedUpdateManyInput) {
  const { count } = await tx.application.updateMany({ where: { id: applicationId, status: "PENDING" }, data });
  if (count === 0) throw new Conflict("This application has already been decided or withdrawn.", "application_settled");
}

async function applicationIn(tx: Tx, projectId: string, applicationId: string) {
  const application = await tx.application.findFirst({ where: { id: applicationId, projectId }, include: APPLICATION_INCLUDE });
  if (!application) throw new NotFound("application");
  return application;
}

/**
 * An application the caller may decide on (accept, reject, or undo a rejection), with its project.
 * The right to see the project's applications is checked before the application is looked up, so
 * that nobody else learns whether it exists.
 */
async function decidableApplication(tx: Tx, actor: Actor, projectId: string, applicationId: string) {
  const context = await applicationsProject(actor, projectId, tx);
  requireProjectPermission(context, "applications.view");
  const application = await applicationIn(tx, projectId, applicationId);
  requireProjectPermission(context, "applications.decide");
  return { context, application };
}

export async function withdrawApplication(
  actor: Actor,
  projectId: string,
  applicationId: string,
  meta: RequestMeta,
): Promise<ApplicationView> {
  return db.$transaction(async (tx) => {
    await applicationsProject(actor, projectId, tx);
    const application = await applicationIn(tx, projectId, applicationId);
    // Someone else's application does not exist for the caller.
    if (application.userId !== actor.userId) throw new NotFound("application");
    await settle(tx, application.id, { status: "WITHDRAWN" });
    await recordAudit(tx, auditContext(actor, meta), {
      action: "application.withdraw",
      targetType: "application",
      targetId: application.id,
      projectId,
      changes: { status: { before: "PENDING", after: "WITHDRAWN" } },
    });
    return presentApplication(await applicationIn(tx, projectId, applicationId));
  });
}

/**
 * Accepts or rejects. Only a person decides: the route takes a session or the person's own
 * token with the `write` scope, and nothing in the system calls this on its own.
 * Accepting makes the applicant a member (Member unless another role is chosen) in the same
 * transaction as the decision and its audit entries.
 */
export async function decideApplication(
  actor: Actor,
  projectId: string,
  applicationId: string,
  input: DecisionInput,
  meta: RequestMeta,
): Promise<ApplicationView> {
  return db.$transaction(async (tx) => {
    const { context, application } = await decidableApplication(tx, actor, projectId, applicationId);
    const reason = input.reason?.trim() || null;
    const decided = { decidedById: actor.userId, decidedAt: new Date(), decisionReason: reason };
    if (input.decision === "REJECT") {
      await settle(tx, application.id, { status: "REJECTED", ...decided });
      await recordAudit(tx, context.audit(meta), {
        action: "application.reject",
        targetType: "application",
        targetId: application.id,
        projectId,
        changes: { status: { before: "PENDING", after: "REJECTED" }, reason: { before: null, after: reason } },
      });
    } else {
      const role = input.roleId
        ? await tx.projectRole.findFirst({ where: { id: input.roleId, projectId } })
        : await tx.projectRole.findFirstOrThrow({ where: { projectId, key: "MEMBER" } });
      if (!role) throw new ValidationFailed([{ path: "roleId", message: "This role does not exist in the project." }]);
      if (!canAcceptAs(context.access, role)) {
        throw new Forbidden(
          "You can accept applicants only into a role that ranks below yours and holds no permission you lack (never Owner).",
          "role_escalation",
        );
      }
      const applicant = await tx.user.findUnique({ where: { id: application.userId }, select: { suspendedAt: true } });
      if (!applicant || applicant.suspendedAt) throw new RuleViolation("The applicant's account is suspended.", "applicant_suspended");
      if (await tx.projectMember.findUnique({ where: { projectId_userId: { projectId, userId: application.userId } } })) {
        throw new Conflict("The applicant is already on the team. Reject the application instead.", "already_member");
      }
      await settle(tx, application.id, { status: "ACCEPTED", roleId: role.id, ...decided });
      await tx.projectMember.create({ data: { projectId, userId: application.userId, roleId: role.id } });
      await recordAudit(tx, context.audit(meta), {
        action: "application.accept",
        targetType: "application",
        targetId: application.id,
        projectId,
        changes: {
          status: { before: "PENDING", after: "ACCEPTED" },
          roleId: { before: application.roleId, after: role.id },
          reason: { before: null, after: reason },
        },
      });
      await recordAudit(tx, context.audit(meta), {
        action: "member.add",
        targetType: "member",
        targetId: application.userId,
        projectId,
        changes: { role: { before: null, after: role.name }, applicationId: { before: null, after: application.id } },
      });
    }
    const accepted = input.decision === "ACCEPT";
    await tellDecision(
      tx,
      [application.userId],
      {
        kind: accepted ? "application.accepted" : "application.rejected",
        params: { project: context.project.name, reason: reason ?? "" },
        link: accepted ? "/my-projects" : "/my-applications",
      },
      "applicationDecision",
      { project: context.project.name, accepted, reason, link: `${publicBaseUrl()}/projects/${context.project.slug}` },
    );
    return presentApplication(await applicationIn(tx, projectId, applicationId));
  });
}

/**
 * Undoes a rejection: the application is PENDING again, as if it had not been decided. Only a
 * REJECTED one, within REOPEN_WINDOW_MINUTES of the decision, and not once the applicant has applied
 * again or joined the team. Nothing is lost: the rejection's audit entry keeps who decided, when and
 * why, and the reopening's entry (same transaction) says the reason it cleared. The applicant is told in the portal (not by mail).
 */
export async function reopenApplication(
  actor: Actor,
  projectId: string,
  applicationId: string,
  meta: RequestMeta,
): Promise<ApplicationView> {
  return db.$transaction(async (tx) => {
    const { context, application } = await decidableApplication(tx, actor, projectId, applicationId);
    if (application.status !== "REJECTED") {
      throw new Conflict("Only a rejected application can be reopened.", "application_not_rejected");
    }
    if (!isReopenable(application)) {
      throw new RuleViolation(
        `A rejection can be undone only within ${REOPEN_WINDOW_MINUTES} minutes of the decision. The applicant may apply again.`,
        "reopen_window_passed",
      );
    }
    // The applicant's row queues this behind an application being sent at the same moment (applyToProject locks it too).
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${application.userId} FOR UPDATE`;
    if (await tx.application.findFirst({ where: { projectId, userId: application.userId, status: "PENDING" }, select: { id: true } })) {
      throw new Conflict("The applicant has applied again since: decide the new application.", "applied_again");
    }
    if (await tx.projectMember.findUnique({ where: { projectId_userId: { projectId, userId: application.userId } } })) {
      throw new Conflict("The applicant is on the team now.", "already_member");
    }
    // Conditional on the decision read above: of two reopenings at once, exactly one counts.
    const { count } = await tx.application.updateMany({
      where: { id: application.id, status: "REJECTED", decidedAt: application.decidedAt },
      data: { status: "PENDING", decidedAt: null, decidedById: null, decisionReason: null },
    });
    if (count === 0) throw new Conflict("This application has already been reopened.", "application_not_rejected");
    await recordAudit(tx, context.audit(meta), {
      action: "application.reopen",
      targetType: "application",
      targetId: application.id,
      projectId,
      changes: {
        status: { before: "REJECTED", after: "PENDING" },
        reason: { before: application.decisionReason, after: null },
      },
    });
    await notify(tx, [application.userId], {
      kind: "application.reopened",
      params: { project: context.project.name },
      link: "/my-applications",
    });
    return presentApplication(await applicationIn(tx, projectId, applicationId));
  });
}

export async function listProjectApplications(
  actor: Actor,
  projectId: string,
  query: { status?: ApplicationStatus; limit: number; cursor?: string },
) {
  const context = await applicationsProject(actor, projectId);
  requireProjectPermission(context, "applications.view");
  const rows = await db.application.findMany({
    where: { projectId, ...(query.status ? { status: query.status } : {}), ...afterPosition(decodeCursor(query.cursor)) },
    include: APPLICATION_INCLUDE,
    orderBy: NEWEST_FIRST,
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, presentApplication);
}

/**
 * The Applications tab's history: decided and withdrawn applications, the latest decision first
 * (withdrawn ones, which have no decision, by when they were sent), narrowed to one outcome and to
 * applicants whose name or username holds `q`; the first `limit` of them and how many there are.
 */
export async function listApplicationHistory(
  actor: Actor,
  projectId: string,
  query: { outcome?: HistoryOutcome; q?: string; limit: number },
) {
  const context = await applicationsProject(actor, projectId);
  requireProjectPermission(context, "applications.view");
  const q = query.q?.trim();
  const where: Prisma.ApplicationWhereInput = {
    projectId,
    status: query.outcome ?? { in: [...HISTORY_OUTCOMES] },
    ...(q
      ? {
          user: {
            OR: [{ displayName: { contains: q, mode: "insensitive" } }, { username: { contains: q, mode: "insensitive" } }],
          },
        }
      : {}),
  };
  const [rows, total] = await Promise.all([
    db.application.findMany({
      where,
      include: APPLICATION_INCLUDE,
      orderBy: [{ decidedAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }, { id: "desc" }],
      take: query.limit,
    }),
    db.application.count({ where }),
  ]);
  return { data: rows.map(presentApplication), total };
}

/** The caller's own applications, every project whose Applications module is on. */
export async function listMyApplications(actor: Actor, query: { status?: ApplicationStatus; limit: number; cursor?: string }) {
  const rows = await db.application.findMany({
    where: {
      userId: actor.userId,
      project: { deletedAt: null, modules: { has: "APPLICATIONS" } },
      ...(query.status ? { status: query.status } : {}),
      ...afterPosition(decodeCursor(query.cursor)),
    },
    include: APPLICATION_INCLUDE,
    orderBy: NEWEST_FIRST,
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, presentApplication);
}

/** The roles a project can offer applicants (every role but Owner), lowest first, for its settings form. */
export async function offerableRoles(projectId: string) {
  const roles = await db.projectRole.findMany({
    where: { projectId, ...OFFERABLE_ROLES },
    orderBy: [{ rank: "asc" }, { name: "asc" }],
    select: { id: true, name: true },
  });
  return roles;
}

/** Pending applications the caller may see, for the badge on the Applications tab (0 without the permission or the module). */
export function pendingApplicationCount(context: ProjectContext): Promise<number> {
  if (!context.project.modules.includes("APPLICATIONS") || !context.access.permissions.has("applications.view")) return Promise.resolve(0);
  return db.application.count({ where: { projectId: context.project.id, status: "PENDING" } });
}

/**
 * Pending applications on the caller's teams where they may read them (applications.view, the
 * module on, the project not deleted), oldest first: My projects lists them, so nobody has to
 * visit each project to find who waits for an answer. At most `limit`.
 */
export async function applicationsAwaiting(actor: Actor, limit = 20) {
  // Both reads from the data cache (My projects on every visit); who may view is decided here, on
  // each request, with the current caller.
  const memberships = await cachedData(`applications-teams:${actor.userId}`, () =>
    db.projectMember.findMany({
      where: { userId: actor.userId, project: { deletedAt: null, modules: { has: "APPLICATIONS" } } },
      select: { role: { select: { key: true, permissions: true, rank: true } }, project: true },
    }),
  );
  const readable = memberships
    .filter(({ role, project }) => projectAccess(actor, role, project).permissions.has("applications.view"))
    .map(({ project }) => project.id);
  if (!readable.length) return [];
  return cachedData(`applications-awaiting:${limit}:${readable.join(",")}`, async () => {
    const rows = await db.application.findMany({
      where: { projectId: { in: readable }, status: "PENDING" },
      include: APPLICATION_INCLUDE,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: limit,
    });
    return rows.map(presentApplication);
  });
}

/** Leaving a project: the caller's own membership ends (the last Owner cannot leave). */
export function leaveProject(actor: Actor, projectId: string, meta: RequestMeta) {
  return removeMember(actor, projectId, actor.userId, meta);
}

/**
 * A user's projects with role and since when, newest first, a page at a time: the user themselves
 * or staff with users.readAny; 404 for anyone else.
 */
export async function listMemberships(actor: Actor, userId: string, query: { limit: number; cursor?: string }) {
  if (actor.userId !== userId && !hasPlatformPermission(actor, "users.readAny")) throw new NotFound("user");
  const user = await db.user.findUnique({ where: { id: userId, deletedAt: null }, select: { id: true } });
  if (!user) throw new NotFound("user");
  const rows = await db.projectMember.findMany({
    where: { userId, project: { deletedAt: null }, ...afterPosition(decodeCursor(query.cursor)) },
    include: { role: true, project: { select: { id: true, slug: true, name: true, status: true, visibility: true, logoUrl: true } } },
    orderBy: NEWEST_FIRST,
    take: query.limit + 1,
  });
  return toPage(
    rows,
    query.limit,
    (row): MembershipView => ({
      project: row.project,
      role: { id: row.role.id, key: row.role.key, name: row.role.name, rank: row.role.rank },
      since: row.createdAt.toISOString(),
    }),
  );
}
