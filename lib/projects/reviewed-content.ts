import type { Tx } from "../db/client";
import type { Project } from "../db/generated/client";
import { Conflict } from "../errors";
import { reviewedContentLocked } from "../permissions";
import { takeSnapshot } from "./review-snapshot";

/**
 * The gate of every write to reviewed content (DESIGN §8.2, "Review integrity"): the presentation
 * (visibility included), images, modules, settings, pages, support links, launcher settings,
 * releases and their files. The list of writes that call it is in docs/review.md.
 *
 * Call it inside the write's transaction, after inProject has locked the project's row, and before
 * the write itself: while the project is IN_REVIEW the write is refused (409 `in_review`); on a
 * published project it puts the project on the change list, taking the baseline first where the
 * project has none yet (projects approved before baselines existed), so that the baseline shows the
 * project as it was before this write.
 *
 * It lives in lib/projects, below every folder that writes reviewed content (pages, launcher,
 * releases, downloads): lib/reviews imports those, so they cannot import lib/reviews.
 */
export async function reviewedChange(tx: Tx, project: Project): Promise<void> {
  requireNotInReview(project);
  await markChanged(tx, project);
}

/** 409 `in_review` while the project waits for its review: what the reviewer reads stays as it is. */
export function requireNotInReview(project: Pick<Project, "status">): void {
  if (reviewedContentLocked(project)) {
    throw new Conflict(
      "The project is in review: its reviewed content is locked until the platform team decides. Withdraw the submission to edit it.",
      "in_review",
    );
  }
}

/**
 * Puts a published project on the change list (its baseline's `changedAt`, kept from the first
 * change until a reviewer acknowledges). Other statuses pass: their content reaches players only
 * through a review. A project approved before baselines existed gets its baseline here, from its
 * content before this write, dated at its last approval where there is one.
 */
export async function markChanged(tx: Tx, project: Project): Promise<void> {
  if (project.status !== "PUBLISHED") return;
  const baseline = await tx.reviewBaseline.findUnique({ where: { projectId: project.id }, select: { changedAt: true } });
  if (baseline?.changedAt) return;
  const now = new Date();
  if (baseline) {
    await tx.reviewBaseline.update({ where: { projectId: project.id }, data: { changedAt: now } });
    return;
  }
  const approval = await tx.review.findFirst({
    where: { projectId: project.id, decision: "APPROVE" },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true },
  });
  await tx.reviewBaseline.create({
    data: {
      projectId: project.id,
      snapshot: await takeSnapshot(tx, project),
      version: project.version,
      at: approval?.createdAt ?? now,
      changedAt: now,
    },
  });
}
