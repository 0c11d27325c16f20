/**
 * Who sees releases and downloads (DESIGN.md section 4, module DOWNLOADS). Pure functions: the
 * services, the launcher manifest and the portal pages ask these, so a page never lists what the
 * API refuses. Callers check first that the project is visible and the module is on.
 */
import type { ProjectAccess, ProjectVisibility } from "./project";

export const RELEASE_CHANNELS = ["STABLE", "BETA", "ALPHA"] as const;
export type ReleaseChannel = (typeof RELEASE_CHANNELS)[number];
export const RELEASE_STATES = ["DRAFT", "IN_REVIEW", "PUBLISHED", "REJECTED", "YANKED"] as const;
export type ReleaseState = (typeof RELEASE_STATES)[number];

/**
 * The release states a team moves with PATCH, and to where: DRAFT -> PUBLISHED (trusted projects
 * only, see canPublishDirectly) -> YANKED; an IN_REVIEW release withdrawn and a REJECTED release
 * back to DRAFT. IN_REVIEW is entered by submit (from DRAFT) and left by a review decision
 * (PUBLISHED or REJECTED) or the team's withdrawal.
 */
export const RELEASE_TRANSITIONS: Readonly<Record<ReleaseState, readonly ReleaseState[]>> = {
  DRAFT: ["PUBLISHED"],
  IN_REVIEW: ["DRAFT"],
  PUBLISHED: ["YANKED"],
  REJECTED: ["DRAFT"],
  YANKED: [],
};

export function canMoveRelease(from: ReleaseState, to: ReleaseState): boolean {
  return RELEASE_TRANSITIONS[from].includes(to);
}

/** Only a draft is submitted for release review. */
export function canSubmitRelease(state: ReleaseState): boolean {
  return state === "DRAFT";
}

/** A trusted project's team publishes its drafts directly; every other project's go through release review. */
export function canPublishDirectly(project: { trusted: boolean }): boolean {
  return project.trusted;
}

/**
 * The files of a release under review or published are frozen: what the reviewer saw is what
 * players get. A trusted project may add files to a published release (the change list shows it);
 * removing one is refused to everyone.
 */
export function releaseFilesLocked(release: { state: ReleaseState }, project: { trusted: boolean }, change: "add" | "remove"): boolean {
  if (release.state === "IN_REVIEW") return true;
  if (release.state === "PUBLISHED") return !(change === "add" && project.trusted);
  return false;
}

/**
 * What the release and file rules need of one project and one caller: the project's visibility,
 * its `offerPrereleases` setting and trust, and whether the caller reviews releases (the platform
 * permission `projects.review`; tokens need its scopes).
 */
export interface ReleaseRules {
  visibility: ProjectVisibility;
  offerPrereleases: boolean;
  trusted: boolean;
  reviewer: boolean;
}

/**
 * Releases and downloads of an APPLICATION_ONLY project are for its members only (and staff who
 * see the project as members do); every other visible project shows its published downloads.
 */
export function canSeeDownloads(access: ProjectAccess, project: { visibility: ProjectVisibility }): boolean {
  return project.visibility !== "APPLICATION_ONLY" || access.permissions.has("project.view");
}

/** Every state a reviewer sees: whatever has been submitted at some point (not drafts). */
const REVIEWED_STATES: readonly ReleaseState[] = ["IN_REVIEW", "PUBLISHED", "REJECTED", "YANKED"];

/**
 * Which releases the caller sees, as the states and channels a list may show (null: none, the
 * downloads are not theirs to see). Every state for `releases.manage` (the members who see
 * drafts); every submitted release (in review, published, rejected, yanked; any channel) for
 * reviewers; published BETA and ALPHA releases for `releases.viewPrerelease`, and for everyone who
 * sees the downloads when the project offers pre-releases (setting `offerPrereleases`). So a
 * release in review is seen by reviewers and by `releases.manage`, nobody else.
 */
export function visibleReleases(
  access: ProjectAccess,
  rules: Omit<ReleaseRules, "trusted">,
): { states: readonly ReleaseState[]; channels: readonly ReleaseChannel[] } | null {
  if (!canSeeDownloads(access, rules)) return null;
  if (access.permissions.has("releases.manage")) return { states: RELEASE_STATES, channels: RELEASE_CHANNELS };
  if (rules.reviewer) return { states: REVIEWED_STATES, channels: RELEASE_CHANNELS };
  const prereleases = access.permissions.has("releases.viewPrerelease") || rules.offerPrereleases;
  return { states: ["PUBLISHED"], channels: prereleases ? RELEASE_CHANNELS : ["STABLE"] };
}

/** One release, by the same rule as the lists (visibleReleases). */
export function canSeeRelease(
  access: ProjectAccess,
  rules: Omit<ReleaseRules, "trusted">,
  release: { state: ReleaseState; channel: ReleaseChannel },
): boolean {
  const visible = visibleReleases(access, rules);
  if (visible === null) return false;
  return visible.states.includes(release.state) && visible.channels.includes(release.channel);
}

/**
 * Files attached to no release: on a trusted project, for everyone who sees the downloads; on an
 * untrusted one they have passed no review, so only for the members who may upload them or see
 * drafts (`downloads.manage`, `releases.manage`) and for reviewers.
 */
export function canSeeLooseFiles(access: ProjectAccess, rules: ReleaseRules): boolean {
  if (!canSeeDownloads(access, rules)) return false;
  if (rules.trusted) return true;
  return access.permissions.has("downloads.manage") || access.permissions.has("releases.manage") || rules.reviewer;
}

/** A file is visible with its release; a file attached to no release as canSeeLooseFiles says. */
export function canSeeFile(
  access: ProjectAccess,
  rules: ReleaseRules,
  release: { state: ReleaseState; channel: ReleaseChannel } | null,
): boolean {
  return release ? canSeeRelease(access, rules, release) : canSeeLooseFiles(access, rules);
}

/** A release's latest review decision (decision, public reason, when) is shown to the team that sees drafts. */
export function canSeeReleaseReview(access: ProjectAccess): boolean {
  return access.permissions.has("releases.manage");
}
