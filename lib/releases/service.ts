import semver from "semver";
import type { Actor, RequestMeta } from "../auth/actor";
import { changedFields, recordAudit } from "../audit-log/record";
import { cachedData } from "../cache/data-cache";
import { db, type Tx } from "../db/client";
import type { Download, Prisma, Release, ReleaseReview } from "../db/generated/client";
import { downloadsProject, presentFile, visibleReleaseWhere, type DownloadsContext } from "../downloads/service";
import { Conflict, NotFound, PreconditionFailed, RuleViolation } from "../errors";
import { fileStore } from "../files/store";
import { renderMarkdown } from "../markdown/render";
import { versionEtag } from "../http/etag";
import { afterPosition, decodeCursor, NEWEST_FIRST, toPage } from "../http/pagination";
import { notify, usersHolding } from "../notifications/service";
import {
  canMoveRelease,
  canPublishDirectly,
  canSeeRelease,
  canSeeReleaseReview,
  canSubmitRelease,
  RELEASE_CHANNELS,
  type ReleaseChannel,
} from "../permissions";
import { requireProjectPermission } from "../projects/access";
import { markChanged, requireNotInReview } from "../projects/reviewed-content";
import type { CreateReleaseInput, ListReleasesQuery, ReleaseView, UpdateReleaseInput } from "./schemas";

export type ReleaseRow = Release & { downloads: Download[]; reviews?: ReleaseReview[] };
const WITH_FILES = { downloads: { orderBy: [{ createdAt: "asc" as const }, { id: "asc" as const }] } };
/** With the latest release review decision, which only the team that sees drafts reads (canSeeReleaseReview). */
const WITH_REVIEW = { ...WITH_FILES, reviews: { orderBy: [{ createdAt: "desc" as const }, { id: "desc" as const }], take: 1 } };

/** What to load of a release for this caller: its files, and for the team its latest review decision. */
export function releaseInclude(context: Pick<DownloadsContext, "access">) {
  return canSeeReleaseReview(context.access) ? WITH_REVIEW : WITH_FILES;
}

/** A changelog as HTML: the same Markdown renderer and sanitizer as pages and announcements. */
/**
 * A changelog's HTML. Its headings sit under the release's own heading (an h3 on the project
 * page), so they are moved down three levels (# becomes h4, ### and below h6): the page's
 * headings stay in order (axe heading-order).
 */
export function renderChangelog(changelog: string): string {
  return renderMarkdown(changelog).replace(
    /<(\/?)h([1-6])\b/g,
    (_, slash: string, level: string) => `<${slash}h${Math.min(Number(level) + 3, 6)}`,
  );
}

export function presentRelease(row: ReleaseRow): ReleaseView {
  return {
    id: row.id,
    projectId: row.projectId,
    version: row.version,
    title: row.title,
    changelog: row.changelog,
    channel: row.channel,
    state: row.state,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    revision: row.lockVersion,
    files: row.downloads.map(presentFile),
    // Loaded only for the team (releaseInclude); the internal note is never part of it.
    review: row.reviews?.[0]
      ? { decision: row.reviews[0].decision, publicReason: row.reviews[0].publicReason, at: row.reviews[0].createdAt.toISOString() }
      : null,
  };
}

export function releaseEtag(row: Pick<Release, "lockVersion">) {
  return versionEtag({ version: row.lockVersion });
}

/** Versions are unique per project as semver values: `1.0.0` and `1.0.0+build` name the same release. */
async function assertVersionFree(tx: Tx, projectId: string, version: string, exceptId?: string) {
  const others = await tx.release.findMany({
    where: { projectId, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { version: true },
  });
  if (others.some((other) => semver.eq(other.version, version))) {
    throw new Conflict(`Version ${version} exists in this project already.`, "version_taken");
  }
}

export async function listReleases(actor: Actor | null, projectId: string, query: ListReleasesQuery) {
  const context = await downloadsProject(actor, projectId);
  const rows = await db.release.findMany({
    where: {
      projectId,
      AND: [visibleReleaseWhere(context.access, context.rules), afterPosition(decodeCursor(query.cursor))],
      ...(query.channel ? { channel: query.channel } : {}),
      ...(query.state ? { state: query.state } : {}),
    },
    include: releaseInclude(context),
    orderBy: NEWEST_FIRST,
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, presentRelease);
}

async function visibleRelease(client: Tx | typeof db, context: DownloadsContext, releaseId: string): Promise<ReleaseRow> {
  const row = await client.release.findFirst({ where: { id: releaseId, projectId: context.project.id }, include: releaseInclude(context) });
  if (!row || !canSeeRelease(context.access, context.rules, row)) throw new NotFound("release");
  return row;
}

export async function getRelease(actor: Actor | null, projectId: string, releaseId: string) {
  const row = await visibleRelease(db, await downloadsProject(actor, projectId), releaseId);
  return { body: presentRelease(row), etag: releaseEtag(row) };
}

export async function createRelease(actor: Actor, projectId: string, input: CreateReleaseInput, meta: RequestMeta) {
  return db.$transaction(async (tx) => {
    const context = await downloadsProject(actor, projectId, tx);
    requireProjectPermission(context, "releases.manage");
    requireNotInReview(context.project);
    await assertVersionFree(tx, projectId, input.version);
    const row = await tx.release.create({ data: { projectId, ...input, state: "DRAFT" }, include: WITH_FILES });
    await recordAudit(tx, context.audit(meta), {
      action: "release.create",
      targetType: "release",
      targetId: row.id,
      projectId,
      changes: changedFields({}, { version: row.version, title: row.title, channel: row.channel, state: row.state }),
    });
    return { body: presentRelease(row), etag: releaseEtag(row) };
  });
}

/**
 * Edits a release and moves its state (lib/permissions RELEASE_TRANSITIONS). Version and channel
 * change only while it is a draft: launchers and players may already hold a published version.
 * Only a trusted project publishes directly (409 review_required otherwise: submit instead). A
 * release in review changes only by its withdrawal to DRAFT: the reviewer decides on what was
 * submitted. Publishing, yanking and editing a published release put a published project on the
 * change list.
 */
export async function updateRelease(
  actor: Actor,
  projectId: string,
  releaseId: string,
  input: UpdateReleaseInput,
  expectedVersion: number,
  meta: RequestMeta,
) {
  return db.$transaction(async (tx) => {
    const context = await downloadsProject(actor, projectId, tx);
    const before = await visibleRelease(tx, context, releaseId);
    requireProjectPermission(context, "releases.manage");
    requireNotInReview(context.project);
    if (before.lockVersion !== expectedVersion) throw new PreconditionFailed();
    const withdrawing = before.state === "IN_REVIEW" && input.state === "DRAFT";
    if (before.state === "IN_REVIEW" && (!withdrawing || Object.keys(input).length > 1)) {
      throw new Conflict(
        `Release ${before.version} is in review: it is frozen until the platform team decides. Withdraw it to draft (state DRAFT alone) to change it.`,
        "release_locked",
      );
    }
    const changesVersion = input.version !== undefined && input.version !== before.version;
    const changesChannel = input.channel !== undefined && input.channel !== before.channel;
    if ((changesVersion || changesChannel) && before.state !== "DRAFT") {
      throw new RuleViolation("Version and channel change only while the release is a draft.", "release_not_draft");
    }
    if (input.state && input.state !== before.state && !canMoveRelease(before.state, input.state)) {
      throw new RuleViolation(`A ${before.state} release cannot become ${input.state}.`, "invalid_transition", {
        from: before.state,
        to: input.state,
      });
    }
    if (changesVersion) await assertVersionFree(tx, projectId, input.version!, releaseId);
    const publishing = input.state === "PUBLISHED" && before.state === "DRAFT";
    if (publishing && !canPublishDirectly(context.project)) {
      throw new Conflict(
        "This project's releases go through release review: submit the release for review instead of publishing it.",
        "review_required",
      );
    }
    // What players see changes (a release published, yanked, or a published one edited): before the
    // write, so that a first baseline shows the project as it was.
    if (before.state === "PUBLISHED" || publishing) await markChanged(tx, context.project);
    const { count } = await tx.release.updateMany({
      where: { id: releaseId, lockVersion: expectedVersion },
      data: { ...input, ...(publishing ? { publishedAt: new Date() } : {}), lockVersion: { increment: 1 } },
    });
    if (count === 0) throw new PreconditionFailed();
    const row = await tx.release.findUniqueOrThrow({ where: { id: releaseId }, include: releaseInclude(context) });
    const fields = ["version", "title", "changelog", "channel", "state"] as const;
    const pick = (release: Release) => Object.fromEntries(fields.map((field) => [field, release[field]]));
    await recordAudit(tx, context.audit(meta), {
      action: publishing
        ? "release.publish"
        : input.state === "YANKED" && before.state !== "YANKED"
          ? "release.yank"
          : withdrawing
            ? "release.withdraw"
            : "release.update",
      targetType: "release",
      targetId: releaseId,
      projectId,
      changes: changedFields(pick(before), pick(row)),
    });
    return { body: presentRelease(row), etag: releaseEtag(row) };
  });
}

/**
 * POST .../releases/{releaseId}/submit: a draft goes to release review (IN_REVIEW, submittedAt
 * now), and every account holding projects.review hears of it. A release needs at least one file
 * (422 incomplete): a review of no files would approve whatever is attached later, and files of a
 * release in review are frozen. With If-Match the release must still be the version read (412).
 */
export async function submitRelease(actor: Actor, projectId: string, releaseId: string, expectedVersion: number | null, meta: RequestMeta) {
  return db.$transaction(async (tx) => {
    const context = await downloadsProject(actor, projectId, tx);
    const before = await visibleRelease(tx, context, releaseId);
    requireProjectPermission(context, "releases.manage");
    requireNotInReview(context.project);
    if (expectedVersion !== null && before.lockVersion !== expectedVersion) throw new PreconditionFailed();
    if (!canSubmitRelease(before.state)) {
      throw new RuleViolation(`A ${before.state} release cannot be submitted for review; only a draft can.`, "invalid_transition", {
        from: before.state,
        to: "IN_REVIEW",
      });
    }
    if (before.downloads.length === 0) {
      throw new RuleViolation("Attach at least one file before submitting the release for review.", "incomplete", {
        missing: [{ path: "files", message: "Attach at least one file." }],
      });
    }
    const { count } = await tx.release.updateMany({
      where: { id: releaseId, state: "DRAFT", lockVersion: before.lockVersion },
      data: { state: "IN_REVIEW", submittedAt: new Date(), lockVersion: { increment: 1 } },
    });
    if (count === 0) throw new PreconditionFailed();
    const row = await tx.release.findUniqueOrThrow({ where: { id: releaseId }, include: releaseInclude(context) });
    await recordAudit(tx, context.audit(meta), {
      action: "release.submit",
      targetType: "release",
      targetId: releaseId,
      projectId,
      changes: { state: { before: before.state, after: row.state } },
    });
    await notify(tx, await usersHolding(tx, "projects.review"), {
      kind: "release.submitted",
      params: { project: context.project.name, version: row.version },
      link: `/review/releases/${releaseId}`,
    });
    return { body: presentRelease(row), etag: releaseEtag(row) };
  });
}

/**
 * Deletes a draft or yanked release with its files (rows in the transaction, bytes after it
 * commits). A published release is yanked first, so no launcher loses a version without notice.
 */
export async function deleteRelease(actor: Actor, projectId: string, releaseId: string, expectedVersion: number, meta: RequestMeta) {
  const files = await db.$transaction(async (tx) => {
    const context = await downloadsProject(actor, projectId, tx);
    const row = await visibleRelease(tx, context, releaseId);
    requireProjectPermission(context, "releases.manage");
    requireNotInReview(context.project);
    if (row.lockVersion !== expectedVersion) throw new PreconditionFailed();
    if (row.state === "IN_REVIEW") {
      throw new Conflict(`Release ${row.version} is in review: withdraw it to draft before deleting it.`, "release_locked");
    }
    if (row.state === "PUBLISHED") throw new RuleViolation("Yank a published release before deleting it.", "release_published");
    // A yanked release's files may still be on players' disks: its removal is a change to review.
    if (row.state === "YANKED") await markChanged(tx, context.project);
    await tx.download.deleteMany({ where: { releaseId } });
    await tx.release.delete({ where: { id: releaseId } });
    await recordAudit(tx, context.audit(meta), {
      action: "release.delete",
      targetType: "release",
      targetId: releaseId,
      projectId,
      changes: { release: { before: { version: row.version, state: row.state, files: row.downloads.length }, after: null } },
    });
    return row.downloads;
  });
  const store = fileStore();
  for (const file of files) await store.remove(file.storageKey);
}

/** Highest version first (semver order, not upload order). */
export function bySemverDescending(a: Pick<Release, "version">, b: Pick<Release, "version">) {
  return semver.rcompare(a.version, b.version);
}

/**
 * The current release of each channel the caller sees: the highest published version. The public
 * project page and the launcher manifest show these.
 */
export async function currentReleases(context: DownloadsContext): Promise<Partial<Record<ReleaseChannel, ReleaseRow>>> {
  const where: Prisma.ReleaseWhereInput = {
    projectId: context.project.id,
    state: "PUBLISHED",
    AND: [visibleReleaseWhere(context.access, context.rules)],
  };
  // Keyed by the whole filter (which releases this caller may see): from the data cache.
  const rows = await cachedData(`current-releases:${JSON.stringify(where)}`, () => db.release.findMany({ where, include: WITH_FILES }));
  const current: Partial<Record<ReleaseChannel, ReleaseRow>> = {};
  for (const channel of RELEASE_CHANNELS) {
    const [latest] = rows.filter((row) => row.channel === channel).sort(bySemverDescending);
    if (latest) current[channel] = latest;
  }
  return current;
}

/** The published versions the caller sees, highest first (the launcher's version list). */
export async function publishedVersions(context: DownloadsContext) {
  const where: Prisma.ReleaseWhereInput = {
    projectId: context.project.id,
    state: "PUBLISHED",
    AND: [visibleReleaseWhere(context.access, context.rules)],
  };
  // The same statement as currentReleases, from the same cache entry; sorted as a copy (the entry is shared).
  const rows = await cachedData(`current-releases:${JSON.stringify(where)}`, () => db.release.findMany({ where, include: WITH_FILES }));
  return [...rows].sort(bySemverDescending);
}
