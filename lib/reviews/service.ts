import { auditContext, type Actor, type RequestMeta } from "../auth/actor";
import { recordAudit } from "../audit-log/record";
import { db, type Tx } from "../db/client";
import type { Prisma, Project } from "../db/generated/client";
import { Conflict, Forbidden, RuleViolation, ValidationFailed } from "../errors";
import { allowedTransitions, findTransition, hasPlatformPermission, transitionActors, type ProjectStatus } from "../permissions";
import { publicBaseUrl, queueMailToUsers } from "../mail/outbox";
import { membersHolding, notify, usersHolding } from "../notifications/service";
import { inProject, requireProjectPermission, type ProjectContext } from "../projects/access";
import { displayNames } from "../users/present";
import { missingForReview } from "./completeness";
import { diffSnapshots, readSnapshot, takeSnapshot } from "./snapshot";
import { CHECKLIST_ITEMS, type DecisionInput } from "./schemas";

/** How long a reviewer's claim on a project holds. */
export const CLAIM_MINUTES = Number(process.env.REVIEW_CLAIM_MINUTES ?? 30);

async function missingOf(tx: Tx, project: Project) {
  const launcherConfigured = project.modules.includes("LAUNCHER")
    ? (await tx.launcherSettings.count({ where: { projectId: project.id } })) > 0
    : true;
  const pageCount = project.modules.includes("PROJECT_PAGES") ? await tx.projectPage.count({ where: { projectId: project.id } }) : 0;
  return missingForReview(project, { launcherConfigured, pageCount });
}

function movesView(actor: Actor | null, context: ProjectContext) {
  return allowedTransitions(actor, context.access, context.project.status).map((move) => ({
    to: move.to,
    label: move.label,
    reasonRequired: Boolean(move.reasonRequired),
  }));
}

/**
 * POST /projects/{id}/status: one step along the transition table, by whom it names. Approving and
 * rejecting a project in review happen only through a review decision.
 */
export async function changeStatus(actor: Actor, projectId: string, input: { status: ProjectStatus; reason?: string }, meta: RequestMeta) {
  return db.$transaction(async (tx) => {
    const context = await inProject(actor, projectId, { client: tx });
    const { project } = context;
    const actors = transitionActors(actor, context.access);
    if (!actors.has("team") && !actors.has("moderator"))
      throw new Forbidden("Changing the status needs project.submit in this project, or the platform team.");
    const allowed = allowedTransitions(actor, context.access, project.status);
    const transition = findTransition(project.status, input.status);
    if (!transition || !allowed.includes(transition)) {
      const hint = transition?.by.includes("reviewer") ? " Approval and rejection of a project in review are review decisions." : "";
      throw new RuleViolation(`A ${project.status} project cannot move to ${input.status} by you.${hint}`, "invalid_transition", {
        allowed: allowed.map((move) => move.to),
      });
    }
    if (transition.reasonRequired && !input.reason) throw new ValidationFailed([{ path: "reason", message: "Give the team a reason." }]);
    if (transition.checksCompleteness) {
      const missing = await missingOf(tx, project);
      if (missing.length) throw new RuleViolation("The project is not complete enough for review.", "incomplete", { missing });
    }
    const data: Prisma.ProjectUpdateManyMutationInput = { status: input.status, version: { increment: 1 } };
    if (input.status === "IN_REVIEW") data.submittedAt = new Date();
    const { count } = await tx.project.updateMany({ where: { id: projectId, status: project.status, deletedAt: null }, data });
    if (count === 0) throw new Conflict("The status changed meanwhile. Reload and try again.", "status_changed");
    if (project.status === "IN_REVIEW") await tx.reviewClaim.deleteMany({ where: { projectId } });
    await tx.statusTransition.create({
      data: { projectId, from: project.status, to: input.status, actorId: actor.userId, reason: input.reason ?? null },
    });
    const byStaff = !actors.has("team");
    await recordAudit(
      tx,
      { ...context.audit(meta), override: context.access.override || byStaff },
      {
        action: "project.status",
        targetType: "project",
        targetId: projectId,
        projectId,
        changes: {
          status: { before: project.status, after: input.status },
          ...(input.reason ? { reason: { before: null, after: input.reason } } : {}),
        },
      },
    );
    if (input.status === "IN_REVIEW") {
      await notify(tx, await usersHolding(tx, "projects.review"), {
        kind: "review.submitted",
        params: { project: project.name },
        link: `/review/${projectId}`,
      });
    } else if (byStaff) {
      await notify(tx, await membersHolding(tx, projectId, "project.submit"), {
        kind: input.status === "ARCHIVED" ? "project.archived" : "project.taken_down",
        params: { project: project.name, reason: input.reason ?? "" },
        link: `/projects/${project.slug}/manage/review`,
      });
    }
    const updated = await tx.project.findUniqueOrThrow({ where: { id: projectId } });
    return { project: updated, history: await historyIn(tx, { ...context, project: updated }, actor) };
  });
}

async function queuePosition(tx: Tx, project: Project) {
  if (project.status !== "IN_REVIEW" || !project.submittedAt) return null;
  const ahead = await tx.project.count({
    where: {
      status: "IN_REVIEW",
      deletedAt: null,
      OR: [{ submittedAt: { lt: project.submittedAt } }, { submittedAt: project.submittedAt, id: { lt: project.id } }],
    },
  });
  return { position: ahead + 1, submittedAt: project.submittedAt.toISOString() };
}

async function historyIn(tx: Tx, context: ProjectContext, actor: Actor | null) {
  const { project } = context;
  const [transitions, reviews] = await Promise.all([
    tx.statusTransition.findMany({ where: { projectId: project.id }, orderBy: { createdAt: "desc" }, take: 100 }),
    tx.review.findMany({ where: { projectId: project.id }, orderBy: { createdAt: "desc" }, take: 50 }),
  ]);
  const names = await displayNames(
    tx,
    transitions.map((entry) => entry.actorId),
  );
  return {
    status: project.status,
    queue: await queuePosition(tx, project),
    transitions: transitions.map((entry) => ({
      at: entry.createdAt.toISOString(),
      from: entry.from,
      to: entry.to,
      by: entry.actorId ? (names.get(entry.actorId) ?? null) : null,
      reason: entry.reason,
    })),
    // The reviewer's internal note is never part of what the team sees.
    reviews: reviews.map((review) => ({
      at: review.createdAt.toISOString(),
      decision: review.decision,
      publicReason: review.publicReason,
      checklist: review.checklist as Record<string, { passed: boolean; note: string }>,
    })),
    allowedMoves: movesView(actor, context),
    missing: project.status === "DRAFT" || project.status === "REJECTED" ? await missingOf(tx, project) : [],
  };
}

/** The project's review history, queue position and next moves, for its members and staff. */
export async function getHistory(actor: Actor | null, projectId: string) {
  const context = await inProject(actor, projectId);
  requireProjectPermission(context, "project.view", "The review history is for the project's team.");
  return db.$transaction((tx) => historyIn(tx, context, actor));
}

function requireReviewer(actor: Actor) {
  if (!hasPlatformPermission(actor, "projects.review"))
    throw new Forbidden("Reviewing needs the projects.review permission (tokens: the admin scope).");
}

/** Projects waiting for review, oldest first, with position, waiting time and claim. */
export async function listQueue(actor: Actor) {
  requireReviewer(actor);
  const projects = await db.project.findMany({
    where: { status: "IN_REVIEW", deletedAt: null },
    include: { claim: true },
    orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
    take: 500,
  });
  const names = await displayNames(
    db,
    projects.map((project) => project.claim?.reviewerId),
  );
  const now = Date.now();
  return projects.map((project, index) => {
    const claim = project.claim && project.claim.expiresAt.getTime() > now ? project.claim : null;
    return {
      position: index + 1,
      projectId: project.id,
      slug: project.slug,
      name: project.name,
      submittedAt: (project.submittedAt ?? project.updatedAt).toISOString(),
      waitingSeconds: Math.floor((now - (project.submittedAt ?? project.updatedAt).getTime()) / 1000),
      claim: claim
        ? {
            reviewerId: claim.reviewerId,
            reviewerName: names.get(claim.reviewerId)?.displayName ?? "",
            expiresAt: claim.expiresAt.toISOString(),
            mine: claim.reviewerId === actor.userId,
          }
        : null,
    };
  });
}

async function reviewable(tx: Tx, actor: Actor, projectId: string) {
  requireReviewer(actor);
  const context = await inProject(actor, projectId, { client: tx });
  if (context.membership) throw new Forbidden("You are on this project's team, so another reviewer decides it.", "own_project");
  if (context.project.status !== "IN_REVIEW") {
    // A decision made since the last submission means another reviewer was first.
    const decided =
      context.project.submittedAt && (await tx.review.count({ where: { projectId, createdAt: { gte: context.project.submittedAt } } }));
    if (decided) throw new Conflict("This project was decided meanwhile.", "already_decided");
    throw new RuleViolation("The project is not waiting for review.", "not_in_review");
  }
  return context;
}

function heldByOther(claim: { reviewerId: string; expiresAt: Date } | null, actor: Actor) {
  return claim && claim.reviewerId !== actor.userId && claim.expiresAt.getTime() > Date.now() ? claim : null;
}

/** Claims a project for review: a lock that expires after CLAIM_MINUTES. */
export async function claimReview(actor: Actor, projectId: string, meta: RequestMeta) {
  return db.$transaction(async (tx) => {
    await reviewable(tx, actor, projectId);
    const other = heldByOther(await tx.reviewClaim.findUnique({ where: { projectId } }), actor);
    if (other)
      throw new Conflict(`Another reviewer has claimed this project until ${other.expiresAt.toISOString()}.`, "claimed", {
        expiresAt: other.expiresAt.toISOString(),
      });
    const expiresAt = new Date(Date.now() + CLAIM_MINUTES * 60_000);
    // Conditional write: of two reviewers claiming at once, the second finds the row and fails above on retry.
    const claim = await tx.reviewClaim.upsert({
      where: { projectId },
      create: { projectId, reviewerId: actor.userId, expiresAt },
      update: { reviewerId: actor.userId, claimedAt: new Date(), expiresAt },
    });
    await recordAudit(tx, auditContext(actor, meta), { action: "review.claim", targetType: "project", targetId: projectId, projectId });
    return { reviewerId: claim.reviewerId, expiresAt: claim.expiresAt.toISOString() };
  });
}

export async function releaseClaim(actor: Actor, projectId: string, meta: RequestMeta) {
  await db.$transaction(async (tx) => {
    requireReviewer(actor);
    await inProject(actor, projectId, { client: tx });
    const { count } = await tx.reviewClaim.deleteMany({ where: { projectId, reviewerId: actor.userId } });
    if (count === 0) throw new Conflict("You hold no claim on this project.", "not_claimed");
    await recordAudit(tx, auditContext(actor, meta), { action: "review.release", targetType: "project", targetId: projectId, projectId });
  });
}

/**
 * Approves (every checklist item passed: publishes) or rejects (public reason) a project in
 * review. Of two decisions at once exactly one counts: the status changes only if it is still
 * IN_REVIEW; the other gets 409.
 */
export async function decideReview(actor: Actor, projectId: string, input: DecisionInput, meta: RequestMeta) {
  return db.$transaction(async (tx) => {
    const { project } = await reviewable(tx, actor, projectId);
    const claim = await tx.reviewClaim.findUnique({ where: { projectId } });
    if (heldByOther(claim, actor)) throw new Conflict("Another reviewer has claimed this project.", "claimed");
    // A free project is decided directly: the decision claims it on the way, and says so.
    const claimedByDecision = !(claim && claim.reviewerId === actor.userId && claim.expiresAt.getTime() > Date.now());
    const failed = (Object.keys(CHECKLIST_ITEMS) as (keyof typeof CHECKLIST_ITEMS)[]).filter((item) => !input.checklist[item].passed);
    if (input.decision === "APPROVE" && failed.length) {
      throw new RuleViolation(`Approval needs every check passed; failed: ${failed.join(", ")}.`, "checklist_failed", { failed });
    }
    const to: ProjectStatus = input.decision === "APPROVE" ? "PUBLISHED" : "REJECTED";
    const { count } = await tx.project.updateMany({
      where: { id: projectId, status: "IN_REVIEW", submittedAt: project.submittedAt, deletedAt: null },
      data: { status: to, version: { increment: 1 }, ...(to === "PUBLISHED" ? { publishedAt: new Date() } : {}) },
    });
    if (count === 0) throw new Conflict("This project was decided meanwhile.", "already_decided");
    const review = await tx.review.create({
      data: {
        projectId,
        reviewerId: actor.userId,
        decision: input.decision,
        checklist: input.checklist,
        publicReason: input.publicReason ?? null,
        internalNote: input.internalNote ?? null,
        snapshot: await takeSnapshot(tx, project),
      },
    });
    await tx.statusTransition.create({
      data: { projectId, from: "IN_REVIEW", to, actorId: actor.userId, reason: input.publicReason ?? null },
    });
    await tx.reviewClaim.deleteMany({ where: { projectId } });
    await recordAudit(tx, auditContext(actor, meta), {
      action: input.decision === "APPROVE" ? "review.approve" : "review.reject",
      targetType: "project",
      targetId: projectId,
      projectId,
      changes: {
        status: { before: "IN_REVIEW", after: to },
        ...(claimedByDecision ? { claimedByDecision: { before: null, after: true } } : {}),
      },
    });
    const submitters = await membersHolding(tx, projectId, "project.submit");
    await notify(tx, submitters, {
      kind: input.decision === "APPROVE" ? "review.approved" : "review.rejected",
      params: { project: project.name, reason: input.publicReason ?? "" },
      link: `/projects/${project.slug}/manage/review`,
    });
    await queueMailToUsers(tx, submitters, "reviewDecision", (user) => ({
      name: user.displayName,
      project: project.name,
      approved: input.decision === "APPROVE",
      reason: input.publicReason ?? null,
      link: `${publicBaseUrl()}/projects/${project.slug}/manage/review`,
    }));
    const { version } = await tx.project.findUniqueOrThrow({ where: { id: projectId }, select: { version: true } });
    return { id: review.id, decision: review.decision, status: to, claimedByDecision, projectVersion: version };
  });
}

/**
 * The review page's view for reviewers: the project, its launcher settings (LAUNCHER on), every
 * past review with internal notes, the claim, and what changed since the last review's snapshot
 * (`changes` is null when there is no earlier review or it predates snapshots).
 */
export async function getReviewRecord(actor: Actor, projectId: string) {
  requireReviewer(actor);
  const context = await inProject(actor, projectId);
  const [reviews, claim, current] = await Promise.all([
    db.review.findMany({ where: { projectId }, orderBy: { createdAt: "desc" } }),
    db.reviewClaim.findUnique({ where: { projectId } }),
    takeSnapshot(db, context.project),
  ]);
  const last = reviews[0] ? readSnapshot(reviews[0].snapshot) : null;
  return {
    context,
    reviews,
    claim: claim && claim.expiresAt.getTime() > Date.now() ? claim : null,
    launcher: current.launcher,
    lastReview: reviews[0] ? { at: reviews[0].createdAt, decision: reviews[0].decision, hasSnapshot: last !== null } : null,
    changes: last ? diffSnapshots(last, current) : null,
  };
}
