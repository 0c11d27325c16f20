/**
 * The project status workflow (DESIGN.md section 4) as data: who may move a project from which
 * status to which. Publication and rejection of a project in review happen only through a
 * review decision; everything else through POST /projects/{id}/status.
 */
import { hasPlatformPermission, type PlatformSubject } from "./platform";
import type { ProjectAccess, ProjectStatus } from "./project";

export type TransitionActor =
  /** A member with project.submit (or the Project lead override). */
  | "team"
  /** Staff with projects.moderate. */
  | "moderator"
  /** Staff with projects.review, through the review decision only. */
  | "reviewer";

export interface Transition {
  from: ProjectStatus;
  to: ProjectStatus;
  by: readonly TransitionActor[];
  /** A public reason must be given. */
  reasonRequired?: boolean;
  /** The completeness check must pass. */
  checksCompleteness?: boolean;
  label: string;
}

export const TRANSITIONS: readonly Transition[] = [
  { from: "DRAFT", to: "IN_REVIEW", by: ["team"], checksCompleteness: true, label: "Submit for review" },
  { from: "IN_REVIEW", to: "DRAFT", by: ["team"], label: "Withdraw submission" },
  { from: "IN_REVIEW", to: "PUBLISHED", by: ["reviewer"], label: "Approve" },
  { from: "IN_REVIEW", to: "REJECTED", by: ["reviewer"], reasonRequired: true, label: "Reject" },
  { from: "REJECTED", to: "IN_REVIEW", by: ["team"], checksCompleteness: true, label: "Resubmit" },
  { from: "REJECTED", to: "DRAFT", by: ["team"], label: "Back to draft" },
  { from: "PUBLISHED", to: "ARCHIVED", by: ["team", "moderator"], label: "Archive" },
  { from: "PUBLISHED", to: "REJECTED", by: ["moderator"], reasonRequired: true, label: "Take down" },
  { from: "ARCHIVED", to: "DRAFT", by: ["team"], label: "Reopen as draft" },
];

/** The roles in which the caller may act on this project's status. */
export function transitionActors(subject: PlatformSubject | null, access: ProjectAccess): Set<TransitionActor> {
  const actors = new Set<TransitionActor>();
  if (access.permissions.has("project.submit")) actors.add("team");
  if (hasPlatformPermission(subject, "projects.moderate")) actors.add("moderator");
  if (hasPlatformPermission(subject, "projects.review")) actors.add("reviewer");
  return actors;
}

/** The moves the caller may make from `status` through the status endpoint (reviews excluded). */
export function allowedTransitions(subject: PlatformSubject | null, access: ProjectAccess, status: ProjectStatus): Transition[] {
  const actors = transitionActors(subject, access);
  return TRANSITIONS.filter((transition) => transition.from === status && transition.by.some((by) => by !== "reviewer" && actors.has(by)));
}

export function findTransition(from: ProjectStatus, to: ProjectStatus): Transition | undefined {
  return TRANSITIONS.find((transition) => transition.from === from && transition.to === to);
}

/**
 * The review diff of a project (`GET /projects/{id}/review-diff`: what changed since the platform
 * team last approved or acknowledged it) is for the whole team, plain Members included, and for
 * staff who see the project as members do (`projects.readAny`, `projects.override`): everyone
 * holding `project.view`. Everyone else gets 404, as for the management area.
 */
export function canReadReviewDiff(access: Pick<ProjectAccess, "permissions">): boolean {
  return access.permissions.has("project.view");
}

/**
 * Whether the project's reviewed content (presentation, images, modules, settings, pages, support
 * links, launcher settings, releases and files: docs/review.md) is locked: while it waits for its
 * review, what the reviewer reads stays as it is. The write gate (lib/projects/reviewed-content.ts)
 * refuses on it and the manage forms show themselves read-only on it.
 */
export function reviewedContentLocked(project: { status: ProjectStatus }): boolean {
  return project.status === "IN_REVIEW";
}
