import type { Actor, RequestMeta } from "../auth/actor";
import { recordAudit } from "../audit-log/record";
import { db, type Tx } from "../db/client";
import type { Download, Prisma, Release } from "../db/generated/client";
import {
  AppError,
  BadRequest,
  Conflict,
  NotFound,
  PayloadTooLarge,
  RangeNotSatisfiable,
  RuleViolation,
  StorageQuotaExceeded,
} from "../errors";
import { fileStore } from "../files/store";
import { afterPosition, decodeCursor, NEWEST_FIRST, toPage } from "../http/pagination";
import { attachmentDisposition, parseRange } from "../http/range";
import {
  canSeeDownloads,
  canSeeFile,
  canSeeLooseFiles,
  canSeeRelease,
  hasPlatformPermission,
  releaseFilesLocked,
  visibleReleases,
  type ProjectAccess,
  type ReleaseRules,
} from "../permissions";
import { inProject, requireProjectPermission, type ProjectContext, type ProjectEntry } from "../projects/access";
import { settingsOf } from "../projects/settings";
import { markChanged, requireNotInReview } from "../projects/reviewed-content";
import { withSlot, type ConcurrencyRule } from "../rate-limit";
import { countDownloadRequest, downloadClientKey, purgePastDownloadClients } from "./counting";
import { inspectArchive, type ArchiveEntry } from "./archive";
import { installPathKey } from "./paths";
import {
  FILE_PLATFORMS,
  type FilePlatform,
  maxConcurrentUploadsPerUser,
  maxUploadBytes,
  projectStorageQuotaBytes,
  UPLOAD_CONTENT_TYPE,
  type FileView,
  type ListFilesQuery,
  type UploadQuery,
} from "./schemas";

/** The project as the release and download rules need it. */
export interface DownloadsContext extends ProjectEntry {
  rules: ReleaseRules;
}

/** The release and file rules of one project for one caller (lib/permissions ReleaseRules). */
export function releaseRulesOf(actor: Actor | null, project: ProjectContext["project"]): ReleaseRules {
  return {
    visibility: project.visibility,
    offerPrereleases: settingsOf(project).offerPrereleases,
    trusted: project.trusted,
    reviewer: hasPlatformPermission(actor, "projects.review"),
  };
}

/**
 * The project with its DOWNLOADS module on, whose downloads the caller may see: 404 otherwise
 * (module off, project invisible, or an APPLICATION_ONLY project to a non-member).
 */
export async function downloadsProject(actor: Actor | null, projectId: string, client: Tx | typeof db = db): Promise<DownloadsContext> {
  const context = await inProject(actor, projectId, { module: "DOWNLOADS", client });
  const rules = releaseRulesOf(actor, context.project);
  if (!canSeeDownloads(context.access, rules)) throw new NotFound("page");
  return { ...context, rules };
}

/** Prisma `where` for the releases the caller sees (lib/permissions visibleReleases). */
export function visibleReleaseWhere(access: ProjectAccess, rules: DownloadsContext["rules"]): Prisma.ReleaseWhereInput {
  const visible = visibleReleases(access, rules);
  if (!visible) return { id: { in: [] } };
  return { state: { in: [...visible.states] }, channel: { in: [...visible.channels] } };
}

export function downloadUrl(file: Pick<Download, "id" | "projectId">) {
  return `/api/v1/projects/${file.projectId}/files/${file.id}/download`;
}

/** The platforms a file is for (null: all), as stored (empty: all). */
export function platformsOf(file: Pick<Download, "platforms">): FilePlatform[] | null {
  return file.platforms.length ? FILE_PLATFORMS.filter((platform) => file.platforms.includes(platform)) : null;
}

/** An archive's recorded entries (extract only; null for a plain file). */
export function contentsOf(file: Pick<Download, "extract" | "contents">): ArchiveEntry[] | null {
  return file.extract ? ((file.contents ?? []) as unknown as ArchiveEntry[]) : null;
}

/**
 * The paths a file takes in the game's folder: a plain file its install path (default: its name),
 * an archive the paths of its entries. What `update.removed` compares, and what two files of one
 * release may not share.
 */
export function installedPaths(file: Pick<Download, "fileName" | "installPath" | "extract" | "contents">): string[] {
  return contentsOf(file)?.map((entry) => entry.path) ?? [file.installPath ?? file.fileName];
}

/**
 * What a file is, as the API's file view and the launcher's manifest both begin (the manifest's
 * schema picks these fields of `fileSchema`).
 */
export function fileIdentity(file: Download): Pick<FileView, "id" | "name" | "kind" | "size" | "sha256"> {
  return { id: file.id, name: file.fileName, kind: file.kind, size: Number(file.size), sha256: file.sha256 };
}

export function presentFile(file: Download): FileView {
  return {
    ...fileIdentity(file),
    releaseId: file.releaseId,
    downloadCount: file.downloadCount,
    createdAt: file.createdAt.toISOString(),
    url: downloadUrl(file),
    path: file.installPath,
    platforms: platformsOf(file),
    extract: file.extract,
    entryCount: contentsOf(file)?.length ?? null,
  };
}

/**
 * 409 `release_locked` when the release's files are frozen (lib/permissions releaseFilesLocked):
 * in review or published, except a trusted project adding to a published release.
 */
function requireUnlocked(context: DownloadsContext, release: Release, change: "add" | "remove") {
  if (!releaseFilesLocked(release, context.rules, change)) return;
  throw new Conflict(
    release.state === "IN_REVIEW"
      ? `Release ${release.version} is in review: its files are frozen until the platform team decides. Withdraw it to draft to change them.`
      : `Release ${release.version} is published: its files are frozen, as players install them. Publish a new release instead.`,
    "release_locked",
  );
}

/**
 * The release an upload names, checked in the documented order: a release the caller cannot see is
 * 404 before the permission (403), then the project's review lock (409 in_review), then whether
 * the release takes files: not yanked (422), not frozen (409 release_locked).
 */
async function uploadTarget(client: Tx | typeof db, context: DownloadsContext, releaseId: string | undefined) {
  const release = releaseId ? await client.release.findFirst({ where: { id: releaseId, projectId: context.project.id } }) : null;
  if (releaseId && (!release || !canSeeRelease(context.access, context.rules, release))) throw new NotFound("release");
  requireProjectPermission(context, "downloads.manage");
  requireNotInReview(context.project);
  if (!release) return null;
  if (release.state === "YANKED") throw new RuleViolation("Files cannot be added to a yanked release.", "release_yanked");
  requireUnlocked(context, release, "add");
  return release;
}

/** Bytes the project's files take (the sum of their sizes). */
async function storedBytes(client: Tx | typeof db, projectId: string): Promise<number> {
  const { _sum } = await client.download.aggregate({ where: { projectId }, _sum: { size: true } });
  return Number(_sum.size ?? 0n);
}

/**
 * Refuses a name that a case-insensitive file system (Windows, macOS) would take for the name of
 * another file in the same folder: the release's files, or the project's files without a release.
 */
async function requireFreeName(client: Tx | typeof db, projectId: string, releaseId: string | null, name: string) {
  const key = installPathKey(name);
  const neighbours = await client.download.findMany({ where: { projectId, releaseId }, select: { fileName: true } });
  const taken = neighbours.find((file) => installPathKey(file.fileName) === key)?.fileName;
  if (taken === undefined) return;
  throw releaseId
    ? new Conflict(
        `This release has a file named ${taken} already (on Windows and macOS, names that differ only in case are one file). Choose another name.`,
        "name_taken",
      )
    : new Conflict(
        `The project's files without a release include ${taken} already (on Windows and macOS, names that differ only in case are one file). Choose another name.`,
        "name_taken",
      );
}

/**
 * Refuses a file whose paths in the game's folder (installedPaths) a launcher would already write
 * for another file of the same release (or of the project's files without a release) on a platform
 * both are for: one would overwrite the other. Compared as Windows and macOS do, ignoring case.
 */
async function requireFreePaths(
  client: Tx | typeof db,
  projectId: string,
  releaseId: string | null,
  file: { paths: string[]; platforms: readonly string[] | null },
) {
  const neighbours = await client.download.findMany({
    where: { projectId, releaseId },
    select: { fileName: true, installPath: true, extract: true, contents: true, platforms: true },
  });
  const mine = new Set(file.paths.map(installPathKey));
  for (const neighbour of neighbours) {
    const shared = !file.platforms || !neighbour.platforms.length || neighbour.platforms.some((name) => file.platforms!.includes(name));
    if (!shared) continue;
    const clash = installedPaths(neighbour).find((path) => mine.has(installPathKey(path)));
    if (clash !== undefined)
      throw new Conflict(
        `The file ${neighbour.fileName} is installed at ${clash} already, on the same platforms (on Windows and macOS, paths that differ only in case are one). Choose another path or other platforms.`,
        "path_taken",
      );
  }
}

/** A user's uploads at once (MAX_CONCURRENT_UPLOADS_PER_USER), across instances with REDIS_URL. */
function uploadsPerUser(): ConcurrencyRule {
  const limit = maxConcurrentUploadsPerUser();
  return {
    name: "uploads:user",
    limit,
    retryAfterSeconds: 15,
    code: "too_many_uploads",
    detail: `You have ${limit} uploads running. Wait for one to finish.`,
  };
}

/**
 * Streams an upload into the store (never held whole in memory), measuring size and sha256 on the
 * way, then records it. Permission and release are checked before a byte is read and again in the
 * transaction; whatever fails after the bytes are stored removes them again. A user runs at most
 * MAX_CONCURRENT_UPLOADS_PER_USER uploads at once (429). The project's files may take at most
 * PROJECT_STORAGE_QUOTA_BYTES (413 quota_exceeded): checked before reading (a declared length
 * included), enforced while streaming (the stream stops where the quota would be passed), and
 * decided in the transaction that writes the row, after it has locked the project's row: of two
 * concurrent uploads the second sees the first's file, so together they never pass the quota.
 * The name is checked the same way, before reading and again after the lock: unique, ignoring
 * case, in its release (or among the files without a release), else 409 name_taken.
 */
export async function uploadFile(
  actor: Actor,
  projectId: string,
  query: UploadQuery,
  body: ReadableStream<Uint8Array>,
  meta: RequestMeta,
  declaredBytes: number | null = null,
): Promise<FileView> {
  const before = await downloadsProject(actor, projectId);
  await uploadTarget(db, before, query.releaseId);
  await requireFreeName(db, projectId, query.releaseId ?? null, query.name);
  return withSlot(uploadsPerUser(), actor.userId, () => storeUpload(actor, projectId, query, body, meta, declaredBytes));
}

async function storeUpload(
  actor: Actor,
  projectId: string,
  query: UploadQuery,
  body: ReadableStream<Uint8Array>,
  meta: RequestMeta,
  declaredBytes: number | null,
): Promise<FileView> {
  const quota = projectStorageQuotaBytes();
  const remaining = quota - (await storedBytes(db, projectId));
  if (remaining <= 0 || (declaredBytes ?? 0) > remaining) throw new StorageQuotaExceeded(quota);

  const store = fileStore();
  const extract = query.extract ?? false;
  const stored = await store
    .putStream(body, { maxBytes: Math.min(maxUploadBytes(), remaining), localCopy: extract })
    .catch((error: unknown) => {
      if (error instanceof PayloadTooLarge && remaining < maxUploadBytes()) throw new StorageQuotaExceeded(quota);
      // The body broke off (the client went away): its bytes are already removed.
      throw error instanceof AppError
        ? error
        : new BadRequest("The upload was interrupted before its end; nothing was kept.", "upload_interrupted");
    });
  try {
    // An archive's entries are read and checked before anything is recorded (400 unsafe_archive);
    // a plain file is not read again.
    const contents = extract ? await inspectArchive(stored.localFile!.path, query.path ?? null) : null;
    const paths = contents ? contents.map((entry) => entry.path) : [query.path ?? query.name];
    return await db.$transaction(async (tx) => {
      // Locks the project's row (inProject): concurrent uploads to the project decide one at a time.
      const context = await downloadsProject(actor, projectId, tx);
      const release = await uploadTarget(tx, context, query.releaseId);
      await requireFreeName(tx, projectId, query.releaseId ?? null, query.name);
      await requireFreePaths(tx, projectId, query.releaseId ?? null, { paths, platforms: query.platforms ?? null });
      if ((await storedBytes(tx, projectId)) + stored.size > quota) throw new StorageQuotaExceeded(quota);
      // A file players get (of a published release, or without a release on a trusted project)
      // changes what was reviewed: on the change list, before the write (the first baseline without it).
      if (release ? release.state === "PUBLISHED" : context.rules.trusted) await markChanged(tx, context.project);
      const file = await tx.download.create({
        data: {
          projectId,
          releaseId: query.releaseId ?? null,
          kind: query.kind,
          fileName: query.name,
          contentType: UPLOAD_CONTENT_TYPE,
          size: BigInt(stored.size),
          sha256: stored.sha256,
          storageKey: stored.key,
          installPath: query.path ?? null,
          platforms: query.platforms ?? [],
          extract,
          ...(contents ? { contents: contents as unknown as Prisma.InputJsonValue } : {}),
        },
      });
      await recordAudit(tx, context.audit(meta), {
        action: "download.upload",
        targetType: "download",
        targetId: file.id,
        projectId,
        changes: {
          file: {
            before: null,
            after: {
              name: file.fileName,
              kind: file.kind,
              size: stored.size,
              sha256: stored.sha256,
              releaseId: file.releaseId,
              path: file.installPath,
              platforms: platformsOf(file),
              extract,
              ...(contents ? { entries: contents.length } : {}),
            },
          },
        },
      });
      return presentFile(file);
    });
  } catch (error) {
    await store.remove(stored.key);
    throw error;
  } finally {
    await stored.localFile?.dispose();
  }
}

/** The files the caller sees, newest first: files of releases they see, and files of no release. */
export async function listFiles(actor: Actor | null, projectId: string, query: ListFilesQuery) {
  const context = await downloadsProject(actor, projectId);
  const rows = await db.download.findMany({
    where: {
      projectId,
      ...(query.kind ? { kind: query.kind } : {}),
      ...(query.releaseId ? { releaseId: query.releaseId } : {}),
      AND: [
        {
          OR: [
            ...(canSeeLooseFiles(context.access, context.rules) ? [{ releaseId: null }] : []),
            { release: visibleReleaseWhere(context.access, context.rules) },
          ],
        },
        afterPosition(decodeCursor(query.cursor)),
      ],
    },
    orderBy: NEWEST_FIRST,
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, presentFile);
}

/** A file of the project with its release, or 404 when there is none or the caller may not see it. */
async function visibleFile(
  context: DownloadsContext,
  fileId: string,
  client: Tx | typeof db = db,
): Promise<Download & { release: Release | null }> {
  const file = await client.download.findFirst({ where: { id: fileId, projectId: context.project.id }, include: { release: true } });
  if (!file || !canSeeFile(context.access, context.rules, file.release)) throw new NotFound("file");
  return file;
}

export async function getFile(actor: Actor | null, projectId: string, fileId: string) {
  return presentFile(await visibleFile(await downloadsProject(actor, projectId), fileId));
}

/** Removes a file: the row and its audit entry in one transaction, the bytes after it commits. */
export async function deleteFile(actor: Actor, projectId: string, fileId: string, meta: RequestMeta) {
  const file = await db.$transaction(async (tx) => {
    const context = await downloadsProject(actor, projectId, tx);
    const row = await visibleFile(context, fileId, tx);
    requireProjectPermission(context, "downloads.manage");
    requireNotInReview(context.project);
    if (row.release) requireUnlocked(context, row.release, "remove");
    else if (context.rules.trusted) await markChanged(tx, context.project);
    await tx.download.delete({ where: { id: row.id } });
    await recordAudit(tx, context.audit(meta), {
      action: "download.delete",
      targetType: "download",
      targetId: row.id,
      projectId,
      changes: { file: { before: { name: row.fileName, kind: row.kind, sha256: row.sha256 }, after: null } },
    });
    return row;
  });
  await fileStore().remove(file.storageKey);
}

export interface DownloadRequest {
  range: string | null;
  ifRange: string | null;
}

/**
 * A file's bytes as a streamed answer: 200 with the whole file, 206 with one range, 416 for a
 * range past the end (problem+json naming the size in Content-Range). ETag is the sha256.
 * A download counts once per client, file and UTC day (./counting.ts), and only when the bytes are
 * opened for a whole answer or a range that starts at byte 0: the further ranges of a resumed or
 * segmented download never count, and nothing counts for a 304, a 416 or a HEAD request (the route
 * wrapper never opens the bytes for HEAD).
 */
export async function openDownload(
  actor: Actor | null,
  projectId: string,
  fileId: string,
  request: DownloadRequest,
  meta: Pick<RequestMeta, "ip">,
) {
  const file = await visibleFile(await downloadsProject(actor, projectId), fileId);
  const size = Number(file.size);
  const etag = `"${file.sha256}"`;
  const headers: Record<string, string> = {
    "Accept-Ranges": "bytes",
    "Content-Disposition": attachmentDisposition(file.fileName),
  };
  // If-Range with another validator: the file changed, send it whole.
  const range = request.ifRange && request.ifRange !== etag ? { kind: "whole" as const } : parseRange(request.range, size);
  if (range.kind === "unsatisfiable") throw new RangeNotSatisfiable(size);
  const bytes = range.kind === "partial" ? { start: range.start, end: range.end } : undefined;
  const length = bytes ? bytes.end - bytes.start + 1 : size;
  return {
    status: bytes ? 206 : 200,
    etag,
    headers: {
      ...headers,
      "Content-Length": String(length),
      ...(bytes ? { "Content-Range": `bytes ${bytes.start}-${bytes.end}/${size}` } : {}),
    },
    stream: {
      contentType: UPLOAD_CONTENT_TYPE,
      open: async () => {
        const stream = size === 0 ? new Blob([]).stream() : await fileStore().openStream(file.storageKey, bytes);
        if (!stream) throw new NotFound("file");
        if (!bytes || bytes.start === 0) await countOnce(file.id, downloadClientKey(actor, meta));
        return stream;
      },
    },
  };
}

/**
 * Counts the download (once per client, file and day) and, when it counted, purges a batch of past
 * days' counting rows. A counter must never cost a player their download: a failure is logged, the
 * bytes still flow.
 */
async function countOnce(fileId: string, clientKey: string) {
  try {
    if (await countDownloadRequest(fileId, clientKey)) await purgePastDownloadClients();
  } catch (error) {
    console.error(`downloads: could not count a download of ${fileId} (${(error as Error).message})`);
  }
}

/** Download counts of the project per kind, for the team's Files tab. */
export async function downloadTotals(context: DownloadsContext) {
  const rows = await db.download.groupBy({
    by: ["kind"],
    where: { projectId: context.project.id },
    _sum: { downloadCount: true },
    _count: { _all: true },
  });
  return rows.map((row) => ({ kind: row.kind, files: row._count._all, downloads: row._sum.downloadCount ?? 0 }));
}
