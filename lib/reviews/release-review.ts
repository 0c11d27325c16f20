import { auditContext, type Actor, type RequestMeta } from "../auth/actor";
import { recordAudit } from "../audit-log/record";
import { db, type Tx } from "../db/client";
import { downloadsProject } from "../downloads/service";
import { Conflict, Forbidden, NotFound, PreconditionFailed, RuleViolation } from "../errors";
import { publicBaseUrl } from "../mail/outbox";
import { membersHolding, tellDecision } from "../notifications/service";
import { canSeeRelease, hasPlatformPermission } from "../permissions";
import { presentRelease, releaseEtag, releaseInclude } from "../releases/service";
import { RELEASE_CHECKLIST_ITEMS, type ReleaseDecisionInput } from "../releases/schemas";
import { displayNames } from "../users/present";

/**
 * Release review (DESIGN §8.2): the decision on a release of an untrusted project, independent of
 * the queue. Reviewers (`projects.review`) decide without a claim; reviewers on the project's team
 * do not decide its releases (403), as with project decisions.
 */

function requireReleaseReviewer(actor: Actor) {
  if (!hasPlatformPermission(actor, "projects.review"))
    throw new Forbidden("Reviewing releases needs the projects.review permission (tokens: the admin and write scopes).");
}

/** The release and its project as the reviewer sees them: 404 for an unknown release or one whose project the reviewer cannot see. */
async function reviewedRelease(client: Tx | typeof db, actor: Actor, releaseId: string) {
  const found = await client.release.findUnique({ where: { id: releaseId }, select: { projectId: true } });
  if (!found) throw new NotFound("release");
  const context = await downloadsProject(actor, found.projectId, client);
  const release = await client.release.findUniqueOrThrow({ where: { id: releaseId }, include: releaseInclude(context) });
  if (!canSeeRelease(context.access, context.rules, release)) throw new NotFound("release");
  return { context, release };
}

/**
 * Approves (every checklist item passed: the release is PUBLISHED) or rejects (with a public
 * reason: REJECTED) a release in review. Of two decisions at once exactly one counts: the state
 * changes only while it is still IN_REVIEW at the version read; the other gets 409
 * `already_decided`. With If-Match the release must still be the version the reviewer read (412).
 * The decision, its audit entry, the team's notifications and mails are one transaction.
 */
export async function decideRelease(
  actor: Actor,
  releaseId: string,
  input: ReleaseDecisionInput,
  expectedVersion: number | null,
  meta: RequestMeta,
) {
  requireReleaseReviewer(actor);
  return db.$transaction(async (tx) => {
    const { context, release: before } = await reviewedRelease(tx, actor, releaseId);
    const { project } = context;
    if (context.membership) throw new Forbidden("You are on this project's team, so another reviewer decides its releases.", "own_project");
    if (expectedVersion !== null && before.lockVersion !== expectedVersion) throw new PreconditionFailed();
    if (before.state !== "IN_REVIEW") {
      const decided =
        before.submittedAt && (await tx.releaseReview.count({ where: { releaseId, createdAt: { gte: before.submittedAt } } }));
      if (decided) throw new Conflict("This release was decided meanwhile.", "already_decided");
      throw new RuleViolation("The release is not waiting for review.", "not_in_review");
    }
    const failed = (Object.keys(RELEASE_CHECKLIST_ITEMS) as (keyof typeof RELEASE_CHECKLIST_ITEMS)[]).filter(
      (item) => !input.checklist[item].passed,
    );
    if (input.decision === "APPROVE" && failed.length) {
      throw new RuleViolation("Approval needs every check passed.", "checklist_failed", { failed });
    }
    const to = input.decision === "APPROVE" ? "PUBLISHED" : "REJECTED";
    const { count } = await tx.release.updateMany({
      where: { id: releaseId, state: "IN_REVIEW", lockVersion: before.lockVersion },
      data: { state: to, lockVersion: { increment: 1 }, ...(to === "PUBLISHED" ? { publishedAt: new Date() } : {}) },
    });
    if (count === 0) throw new Conflict("This release was decided meanwhile.", "already_decided");
    await tx.releaseReview.create({
      data: {
        releaseId,
        projectId: project.id,
        reviewerId: actor.userId,
        decision: input.decision,
        checklist: input.checklist,
        publicReason: input.publicReason ?? null,
        internalNote: input.internalNote ?? null,
        version: before.lockVersion,
      },
    });
    await recordAudit(tx, auditContext(actor, meta), {
      action: input.decision === "APPROVE" ? "release.approve" : "release.reject",
      targetType: "release",
      targetId: releaseId,
      projectId: project.id,
      changes: {
        state: { before: "IN_REVIEW", after: to },
        version: { before: null, after: before.version },
        ...(input.publicReason ? { reason: { before: null, after: input.publicReason } } : {}),
      },
    });
    const team = await membersHolding(tx, project.id, "releases.manage");
    const link = `/projects/${project.slug}/manage/releases`;
    const approved = input.decision === "APPROVE";
    await tellDecision(
      tx,
      team,
      {
        kind: approved ? "release.approved" : "release.rejected",
        params: { project: project.name, version: before.version, reason: input.publicReason ?? "" },
        link,
      },
      "releaseDecision",
      { project: project.name, version: before.version, approved, reason: input.publicReason ?? null, link: `${publicBaseUrl()}${link}` },
    );
    const row = await tx.release.findUniqueOrThrow({ where: { id: releaseId }, include: releaseInclude(context) });
    return { body: presentRelease(row), etag: releaseEtag(row) };
  });
}

/**
 * The release review page's view for reviewers: the project, the release with its files, and every
 * past decision on it with the internal notes and who decided.
 */
export async function getReleaseReviewRecord(actor: Actor, releaseId: string) {
  requireReleaseReviewer(actor);
  const { context, release } = await reviewedRelease(db, actor, releaseId);
  const decisions = await db.releaseReview.findMany({ where: { releaseId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  const names = await displayNames(
    db,
    decisions.map((decision) => decision.reviewerId),
  );
  return {
    context,
    release,
    ownProject: context.membership !== null,
    decisions: decisions.map((decision) => ({
      id: decision.id,
      at: decision.createdAt,
      decision: decision.decision,
      checklist: decision.checklist as Record<string, { passed: boolean; note: string }>,
      publicReason: decision.publicReason,
      internalNote: decision.internalNote,
      version: decision.version,
      reviewer: names.get(decision.reviewerId)?.displayName ?? null,
    })),
  };
}
