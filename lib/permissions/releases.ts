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
 * The release states a team moves with PATCH, and to where: DRAFT -> PUBLISHED -> YANKED, and a
 * REJECTED release back to DRAFT. IN_REVIEW is entered by submit and left by a review decision.
 */
export const RELEASE_TRANSITIONS: Readonly<Record<ReleaseState, readonly ReleaseState[]>> = {
  DRAFT: ["PUBLISHED"],
  IN_REVIEW: [],
  PUBLISHED: ["YANKED"],
  REJECTED: ["DRAFT"],
  YANKED: [],
};

export function canMoveRelease(from: ReleaseState, to: ReleaseState): boolean {
  return RELEASE_TRANSITIONS[from].includes(to);
}

/**
 * Releases and downloads of an APPLICATION_ONLY project are for its members only (and staff who
 * see the project as members do); every other visible project shows its published downloads.
 */
export function canSeeDownloads(access: ProjectAccess, project: { visibility: ProjectVisibility }): boolean {
  return project.visibility !== "APPLICATION_ONLY" || access.permissions.has("project.view");
}

/**
 * Which releases the caller sees, as the states and channels a list may show (null: none, the
 * downloads are not theirs to see). Drafts and yanked releases only for `releases.manage`;
 * published BETA and ALPHA releases for `releases.manage` and `releases.viewPrerelease`, and for
 * everyone who sees the downloads when the project offers pre-releases (setting `offerPrereleases`).
 */
export function visibleReleases(
  access: ProjectAccess,
  project: { visibility: ProjectVisibility; offerPrereleases: boolean },
): { states: readonly ReleaseState[]; channels: readonly ReleaseChannel[] } | null {
  if (!canSeeDownloads(access, project)) return null;
  if (access.permissions.has("releases.manage")) return { states: RELEASE_STATES, channels: RELEASE_CHANNELS };
  const prereleases = access.permissions.has("releases.viewPrerelease") || project.offerPrereleases;
  return { states: ["PUBLISHED"], channels: prereleases ? RELEASE_CHANNELS : ["STABLE"] };
}

/** One release, by the same rule as the lists (visibleReleases). */
export function canSeeRelease(
  access: ProjectAccess,
  project: { visibility: ProjectVisibility; offerPrereleases: boolean },
  release: { state: ReleaseState; channel: ReleaseChannel },
): boolean {
  const visible = visibleReleases(access, project);
  if (visible === null) return false;
  return visible.states.includes(release.state) && visible.channels.includes(release.channel);
}

/** A file is visible with its release; a file attached to no release with the downloads. */
export function canSeeFile(
  access: ProjectAccess,
  project: { visibility: ProjectVisibility; offerPrereleases: boolean },
  release: { state: ReleaseState; channel: ReleaseChannel } | null,
): boolean {
  return release ? canSeeRelease(access, project, release) : canSeeDownloads(access, project);
}
