import { auditContext, type Actor, type RequestMeta } from "../auth/actor";
import { recordAudit } from "../audit-log/record";
import { db, type Tx } from "../db/client";
import type { Prisma, Project } from "../db/generated/client";
import { Conflict, Forbidden, NotFound, PreconditionFailed, RuleViolation, ValidationFailed } from "../errors";
import {
  allowedTransitions,
  canReadReviewDiff,
  findTransition,
  hasPlatformPermission,
  transitionActors,
  type ProjectStatus,
} from "../permissions";
import { publicBaseUrl } from "../mail/outbox";
import { membersHolding, notify, tellDecision, usersHolding } from "../notifications/service";
import { inProject, requireProjectPermission, type ProjectContext } from "../projects/access";
import { presentAccess } from "../projects/present";
import { displayNames } from "../users/present";
import { downloadUrl } from "../downloads/service";
import { presentLauncherSettings } from "../launcher/service";
import { missingForReview } from "./completeness";
import { diffSnapshots, readSnapshot, takeSnapshot, type ReviewChange } from "../projects/review-snapshot";
import { decodeCursor, encodeCursor } from "../http/pagination";
import { CHECKLIST_ITEMS, type DecisionInput, type QueueKind } from "./schemas";

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
    return { project: updated, access: presentAccess(context), history: await historyIn(tx, { ...context, project: updated }, actor) };
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
      version: review.version,
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

/** A place in a queue: its time (submission, or the first change) and id, oldest first. */
interface QueueKey {
  at: Date;
  id: string;
}

/** Prisma `where` parts of one kind's queue, by the names of its time and id columns. */
function queueWindow(time: string, id: string, cursor: QueueKey | null) {
  return {
    after: cursor ? { OR: [{ [time]: { gt: cursor.at } }, { [time]: cursor.at, [id]: { gt: cursor.id } }] } : {},
    upTo: cursor ? { OR: [{ [time]: { lt: cursor.at } }, { [time]: cursor.at, [id]: { lte: cursor.id } }] } : null,
  };
}

interface QueueRow {
  key: QueueKey;
  projectId: string;
  slug: string;
  name: string;
  releaseId?: string;
  version?: string;
  claim: { reviewerId: string; expiresAt: Date } | null;
}

/** One kind's rows after the cursor (limit + 1 of them) and how many come before the cursor. */
async function queueRows(kind: QueueKind, cursor: QueueKey | null, take: number): Promise<{ rows: QueueRow[]; ahead: number }> {
  if (kind === "PROJECT") {
    const base = { status: "IN_REVIEW" as const, deletedAt: null, submittedAt: { not: null } };
    const window = queueWindow("submittedAt", "id", cursor);
    const [projects, ahead] = await Promise.all([
      db.project.findMany({
        where: { ...base, ...window.after },
        include: { claim: true },
        orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
        take,
      }),
      window.upTo ? db.project.count({ where: { ...base, ...window.upTo } }) : 0,
    ]);
    return {
      ahead,
      rows: projects.map((project) => ({
        key: { at: project.submittedAt!, id: project.id },
        projectId: project.id,
        slug: project.slug,
        name: project.name,
        claim: project.claim,
      })),
    };
  }
  if (kind === "RELEASE") {
    const base = { state: "IN_REVIEW" as const, submittedAt: { not: null }, project: { deletedAt: null } };
    const window = queueWindow("submittedAt", "id", cursor);
    const [releases, ahead] = await Promise.all([
      db.release.findMany({
        where: { ...base, ...window.after },
        include: { project: { select: { slug: true, name: true } } },
        orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
        take,
      }),
      window.upTo ? db.release.count({ where: { ...base, ...window.upTo } }) : 0,
    ]);
    return {
      ahead,
      rows: releases.map((release) => ({
        key: { at: release.submittedAt!, id: release.id },
        projectId: release.projectId,
        slug: release.project.slug,
        name: release.project.name,
        releaseId: release.id,
        version: release.version,
        claim: null,
      })),
    };
  }
  const base = { changedAt: { not: null }, project: { status: "PUBLISHED" as const, deletedAt: null } };
  const window = queueWindow("changedAt", "projectId", cursor);
  const [baselines, ahead] = await Promise.all([
    db.reviewBaseline.findMany({
      where: { ...base, ...window.after },
      include: { project: { select: { slug: true, name: true } } },
      orderBy: [{ changedAt: "asc" }, { projectId: "asc" }],
      take,
    }),
    window.upTo ? db.reviewBaseline.count({ where: { ...base, ...window.upTo } }) : 0,
  ]);
  return {
    ahead,
    rows: baselines.map((baseline) => ({
      key: { at: baseline.changedAt!, id: baseline.projectId },
      projectId: baseline.projectId,
      slug: baseline.project.slug,
      name: baseline.project.name,
      claim: null,
    })),
  };
}

/**
 * One page of a review queue, oldest first: PROJECT (projects in review, by submission), RELEASE
 * (releases in review, by submission) or CHANGE (published projects changed since their baseline,
 * by first change; `submittedAt` is that change). `position` counts from the head of the kind's
 * queue, so the second page starts at limit + 1.
 */
export async function listQueue(actor: Actor, query: { kind: QueueKind; limit: number; cursor?: string }) {
  requireReviewer(actor);
  const decoded = decodeCursor(query.cursor);
  const cursor = decoded ? { at: decoded.createdAt, id: decoded.id } : null;
  const { rows, ahead } = await queueRows(query.kind, cursor, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const names = await displayNames(
    db,
    page.map((row) => row.claim?.reviewerId),
  );
  const now = Date.now();
  const last = page[page.length - 1];
  return {
    data: page.map((row, index) => {
      const claim = row.claim && row.claim.expiresAt.getTime() > now ? row.claim : null;
      return {
        kind: query.kind,
        position: ahead + index + 1,
        projectId: row.projectId,
        ...(row.releaseId ? { releaseId: row.releaseId, version: row.version } : {}),
        slug: row.slug,
        name: row.name,
        submittedAt: row.key.at.toISOString(),
        waitingSeconds: Math.max(0, Math.floor((now - row.key.at.getTime()) / 1000)),
        claim: claim
          ? {
              reviewerId: claim.reviewerId,
              reviewerName: names.get(claim.reviewerId)?.displayName ?? "",
              expiresAt: claim.expiresAt.toISOString(),
              mine: claim.reviewerId === actor.userId,
            }
          : null,
      };
    }),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ createdAt: last.key.at, id: last.key.id }) : null,
  };
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
export async function decideReview(
  actor: Actor,
  projectId: string,
  input: DecisionInput,
  meta: RequestMeta,
  ifMatch: number | null = null,
) {
  return db.$transaction(async (tx) => {
    const context = await reviewable(tx, actor, projectId);
    const { project } = context;
    // The decision is pinned to the version the reviewer read, when they name it.
    if (ifMatch !== null && ifMatch !== project.version) throw new PreconditionFailed();
    const claim = await tx.reviewClaim.findUnique({ where: { projectId } });
    if (heldByOther(claim, actor)) throw new Conflict("Another reviewer has claimed this project.", "claimed");
    // A free project is decided directly: the decision claims it on the way, and says so.
    const claimedByDecision = !(claim && claim.reviewerId === actor.userId && claim.expiresAt.getTime() > Date.now());
    const failed = (Object.keys(CHECKLIST_ITEMS) as (keyof typeof CHECKLIST_ITEMS)[]).filter((item) => !input.checklist[item].passed);
    if (input.decision === "APPROVE" && failed.length) {
      throw new RuleViolation("Approval needs every check passed.", "checklist_failed", { failed });
    }
    const to: ProjectStatus = input.decision === "APPROVE" ? "PUBLISHED" : "REJECTED";
    const snapshot = await takeSnapshot(tx, project);
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
        snapshot,
        version: project.version,
      },
    });
    // An approval is the baseline the change list compares with (ReviewBaseline).
    if (to === "PUBLISHED") {
      const baseline = { snapshot, version: project.version, at: review.createdAt, changedAt: null };
      await tx.reviewBaseline.upsert({ where: { projectId }, create: { projectId, ...baseline }, update: baseline });
    }
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
    const approved = input.decision === "APPROVE";
    const link = `/projects/${project.slug}/manage/review`;
    await tellDecision(
      tx,
      submitters,
      { kind: approved ? "review.approved" : "review.rejected", params: { project: project.name, reason: input.publicReason ?? "" }, link },
      "reviewDecision",
      { project: project.name, approved, reason: input.publicReason ?? null, link: `${publicBaseUrl()}${link}` },
    );
    const { version } = await tx.project.findUniqueOrThrow({ where: { id: projectId }, select: { version: true } });
    return {
      id: review.id,
      decision: review.decision,
      status: to,
      version: project.version,
      claimedByDecision,
      projectVersion: version,
      access: presentAccess(context),
    };
  });
}

/**
 * The review page's view for reviewers: the project and everything reviewed of it (the current
 * snapshot: presentation, settings with the application prompt, pages, support links, launcher
 * settings; the releases with their files and download links), every past review with internal
 * notes, the claim, what changed since the last review's snapshot (`changes` is null when there
 * is no earlier review or it predates snapshots), and the review diff since approval.
 */
export async function getReviewRecord(actor: Actor, projectId: string) {
  requireReviewer(actor);
  const context = await inProject(actor, projectId);
  const [reviews, claim, current, releases, diff] = await Promise.all([
    db.review.findMany({ where: { projectId }, orderBy: { createdAt: "desc" } }),
    db.reviewClaim.findUnique({ where: { projectId } }),
    takeSnapshot(db, context.project),
    db.release.findMany({
      where: { projectId, state: { in: ["IN_REVIEW", "PUBLISHED", "YANKED"] } },
      include: { downloads: { orderBy: [{ fileName: "asc" }, { id: "asc" }] } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 50,
    }),
    reviewDiffOf(db, context.project),
  ]);
  const last = reviews[0] ? readSnapshot(reviews[0].snapshot) : null;
  const launcher = context.project.modules.includes("LAUNCHER")
    ? presentLauncherSettings(await db.launcherSettings.findUnique({ where: { projectId } }))
    : null;
  return {
    context,
    reviews,
    claim: claim && claim.expiresAt.getTime() > Date.now() ? claim : null,
    content: current,
    launcher,
    releases: releases.map((release) => ({
      id: release.id,
      version: release.version,
      title: release.title,
      channel: release.channel,
      state: release.state,
      changelog: release.changelog,
      files: release.downloads.map((file) => ({
        id: file.id,
        name: file.fileName,
        size: Number(file.size),
        sha256: file.sha256,
        url: downloadUrl(file),
      })),
    })),
    lastReview: reviews[0]
      ? { at: reviews[0].createdAt, decision: reviews[0].decision, version: reviews[0].version, hasSnapshot: last !== null }
      : null,
    changes: last ? diffSnapshots(last, current) : null,
    diff,
    onChangeList: diff.changedAt !== null,
  };
}

/** The review diff of a project: since its baseline (approval or last acknowledgement), or nothing before a first approval. */
async function reviewDiffOf(client: Tx | typeof db, project: Project) {
  const baseline = await client.reviewBaseline.findUnique({ where: { projectId: project.id } });
  const stored = baseline ? readSnapshot(baseline.snapshot) : null;
  if (!baseline || !stored) return { since: null, changes: [] as ReviewChange[], changedAt: null };
  return {
    since: { at: baseline.at.toISOString(), version: baseline.version },
    changes: diffSnapshots(stored, await takeSnapshot(client, project)),
    changedAt: baseline.changedAt?.toISOString() ?? null,
  };
}

/**
 * GET /projects/{id}/review-diff: what changed in the reviewed content since the platform team
 * last approved it or acknowledged its changes. For the team and staff who see the project as
 * members do (canReadReviewDiff); 404 for everyone else.
 */
export async function getReviewDiff(actor: Actor | null, projectId: string) {
  const context = await inProject(actor, projectId);
  if (!canReadReviewDiff(context.access)) throw new NotFound("project");
  const { since, changes } = await reviewDiffOf(db, context.project);
  return { since, changes };
}

/**
 * POST /reviews/{projectId}/acknowledge: a reviewer has seen the changes of a project on the change
 * list. Sets a new baseline (the content now), records the acknowledgement and its audit entry in
 * one transaction. The project's row lock makes two acknowledgements at once run one after the
 * other: the second finds the project off the change list (409 `not_changed`).
 */
export async function acknowledgeChanges(
  actor: Actor,
  projectId: string,
  input: { internalNote?: string },
  meta: RequestMeta,
  ifMatch: number | null = null,
) {
  return db.$transaction(async (tx) => {
    requireReviewer(actor);
    const context = await inProject(actor, projectId, { client: tx });
    const { project } = context;
    if (context.membership)
      throw new Forbidden("You are on this project's team, so another reviewer acknowledges its changes.", "own_project");
    if (ifMatch !== null && ifMatch !== project.version) throw new PreconditionFailed();
    const baseline = await tx.reviewBaseline.findUnique({ where: { projectId } });
    if (project.status !== "PUBLISHED" || !baseline?.changedAt) {
      throw new Conflict("The project is not on the change list: there is nothing to acknowledge.", "not_changed");
    }
    const at = new Date();
    await tx.reviewBaseline.update({
      where: { projectId },
      data: { snapshot: await takeSnapshot(tx, project), version: project.version, at, changedAt: null },
    });
    const acknowledgement = await tx.changeAcknowledgement.create({
      data: { projectId, reviewerId: actor.userId, version: project.version, internalNote: input.internalNote ?? null },
    });
    await recordAudit(tx, auditContext(actor, meta), {
      action: "review.acknowledge",
      targetType: "project",
      targetId: projectId,
      projectId,
      changes: {
        baseline: { before: baseline.version, after: project.version },
        changedAt: { before: baseline.changedAt.toISOString(), after: null },
      },
    });
    return { since: { at: at.toISOString(), version: acknowledgement.version }, changes: [] as ReviewChange[] };
  });
}
