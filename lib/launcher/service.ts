import { createHash } from "node:crypto";
import semver from "semver";
import type { Actor, RequestMeta } from "../auth/actor";
import { changedFields, recordAudit } from "../audit-log/record";
import { db, type Tx } from "../db/client";
import type { Download, LauncherSettings, Prisma, Release } from "../db/generated/client";
import { downloadsProject, downloadUrl, releaseRulesOf } from "../downloads/service";
import { NotFound } from "../errors";
import { afterPosition, decodeCursor, NEWEST_FIRST, toPage } from "../http/pagination";
import { canSeeDownloads, canUseInLauncher, LAUNCHER_VISIBILITIES, type ReleaseChannel } from "../permissions";
import { inProject, moduleEnabled, requireModule, requireProjectPermission } from "../projects/access";
import { reviewedChange } from "../projects/reviewed-content";
import { bySemverDescending, currentReleases, publishedVersions } from "../releases/service";
import { launchSettingsSchema, type LauncherSettingsInput, type Manifest } from "./schemas";

const DEFAULTS: LauncherSettingsInput = {
  offerInstall: true,
  offerUpdate: true,
  offerRepair: true,
  offerGameStart: true,
  offerVersions: false,
  launchSettings: launchSettingsSchema.parse({}),
};

/** The stored settings (older rows hold fewer launch fields: the defaults fill them in). Also what a review snapshot keeps. */
export function presentLauncherSettings(row: LauncherSettings | null): LauncherSettingsInput {
  if (!row) return DEFAULTS;
  const launch = launchSettingsSchema.safeParse(row.launchSettings);
  return {
    offerInstall: row.offerInstall,
    offerUpdate: row.offerUpdate,
    offerRepair: row.offerRepair,
    offerGameStart: row.offerGameStart,
    offerVersions: row.offerVersions,
    launchSettings: launch.success ? launch.data : DEFAULTS.launchSettings,
  };
}

function offersOf(settings: LauncherSettingsInput) {
  return {
    install: settings.offerInstall,
    update: settings.offerUpdate,
    repair: settings.offerRepair,
    start: settings.offerGameStart,
    versions: settings.offerVersions,
  };
}

/**
 * The project as the launcher API may show it to the caller (canUseInLauncher): 404 for an
 * APPLICATION_ONLY or PRIVATE project to non-members and for everyone while the LAUNCHER module is off.
 */
async function launcherProject(actor: Actor | null, projectId: string, client: Tx | typeof db = db) {
  const context = await inProject(actor, projectId, { client });
  if (!canUseInLauncher(context.access, context.project)) throw new NotFound("project");
  requireModule(context.project, "LAUNCHER");
  return context;
}

/** The launcher integration of a project (launcherProject), then launcher.manage. */
export async function getLauncherSettings(actor: Actor | null, projectId: string) {
  const context = await launcherProject(actor, projectId);
  requireProjectPermission(context, "launcher.manage");
  return presentLauncherSettings(await db.launcherSettings.findUnique({ where: { projectId } }));
}

export async function updateLauncherSettings(actor: Actor, projectId: string, input: LauncherSettingsInput, meta: RequestMeta) {
  return db.$transaction(async (tx) => {
    const context = await launcherProject(actor, projectId, tx);
    requireProjectPermission(context, "launcher.manage");
    await reviewedChange(tx, context.project);
    const before = presentLauncherSettings(await tx.launcherSettings.findUnique({ where: { projectId } }));
    const data = { ...input, launchSettings: input.launchSettings as Prisma.InputJsonValue };
    const row = await tx.launcherSettings.upsert({ where: { projectId }, create: { projectId, ...data }, update: data });
    await recordAudit(tx, context.audit(meta), {
      action: "launcher.update",
      targetType: "project",
      targetId: projectId,
      projectId,
      changes: changedFields(before, presentLauncherSettings(row)),
    });
    return presentLauncherSettings(row);
  });
}

/**
 * The launcher's directory: published projects with the LAUNCHER module on and visibility PUBLIC
 * or LAUNCHER, newest first, with their offers and current STABLE version.
 */
export async function listLauncherProjects(query: { limit: number; cursor?: string }) {
  const rows = await db.project.findMany({
    where: {
      status: "PUBLISHED",
      visibility: { in: [...LAUNCHER_VISIBILITIES] },
      modules: { has: "LAUNCHER" },
      deletedAt: null,
      ...afterPosition(decodeCursor(query.cursor)),
    },
    include: { launcher: true },
    orderBy: NEWEST_FIRST,
    take: query.limit + 1,
  });
  // Only STABLE releases of projects whose downloads are on count as their current version here.
  const withDownloads = rows.filter((row) => moduleEnabled(row, "DOWNLOADS")).map((row) => row.id);
  const stable = withDownloads.length
    ? await db.release.findMany({
        where: { projectId: { in: withDownloads }, state: "PUBLISHED", channel: "STABLE" },
        select: { projectId: true, version: true },
      })
    : [];
  return toPage(rows, query.limit, (row) => {
    const [current] = stable.filter((release) => release.projectId === row.id).sort(bySemverDescending);
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      logoUrl: row.logoUrl,
      offers: offersOf(presentLauncherSettings(row.launcher)),
      currentVersion: current?.version ?? null,
    };
  });
}

function manifestRelease(release: Release & { downloads: Download[] }) {
  return {
    version: release.version,
    channel: release.channel,
    title: release.title,
    publishedAt: release.publishedAt?.toISOString() ?? null,
    files: release.downloads.map((file) => ({
      id: file.id,
      name: file.fileName,
      kind: file.kind,
      size: Number(file.size),
      sha256: file.sha256,
      url: downloadUrl(file),
    })),
  };
}

/**
 * What a launcher needs to install, update, repair and start a project: offers and launch
 * settings, the current release of the chosen channel with every file's size, sha256 and address,
 * the current release of each channel and the version list (only what the caller may see). With
 * `installed`, the update from that version: the files of the current release that the installed
 * one lacks (by sha256), or all of them when the installed version is unknown. ETag: a hash of
 * the manifest, so launchers poll with If-None-Match. An APPLICATION_ONLY or PRIVATE project is
 * 404 to everyone but its members and staff (canUseInLauncher).
 */
export async function getManifest(actor: Actor | null, projectId: string, query: { installed?: string; channel: ReleaseChannel }) {
  const context = await launcherProject(actor, projectId);
  const settings = presentLauncherSettings(await db.launcherSettings.findUnique({ where: { projectId } }));
  const downloads = moduleEnabled(context.project, "DOWNLOADS") && canSeeDownloads(context.access, releaseRulesOf(actor, context.project));
  const releasesContext = downloads ? await downloadsProject(actor, projectId) : null;
  const current = releasesContext ? await currentReleases(releasesContext) : {};
  const versions = releasesContext ? await publishedVersions(releasesContext) : [];
  const target = current[query.channel] ?? null;

  let update: Manifest["update"];
  if (query.installed !== undefined) {
    if (!target || semver.eq(query.installed, target.version)) update = null;
    else {
      const installed = versions.find((release) => semver.eq(release.version, query.installed!));
      const have = new Set(installed?.downloads.map((file) => file.sha256) ?? []);
      const files = manifestRelease(target).files.filter((file) => !have.has(file.sha256));
      update = { from: query.installed, to: target.version, files };
    }
  }
  const manifest: Manifest = {
    project: { id: context.project.id, slug: context.project.slug, name: context.project.name, logoUrl: context.project.logoUrl },
    offers: offersOf(settings),
    launch: settings.launchSettings,
    current: target ? manifestRelease(target) : null,
    channels: Object.fromEntries(Object.entries(current).map(([channel, release]) => [channel, manifestRelease(release!)])),
    versions: versions.map((release) => ({
      version: release.version,
      channel: release.channel,
      publishedAt: release.publishedAt?.toISOString() ?? null,
    })),
    ...(update !== undefined ? { update } : {}),
  };
  const etag = `"m-${createHash("sha256").update(JSON.stringify(manifest)).digest("hex").slice(0, 32)}"`;
  return { body: manifest, etag };
}
