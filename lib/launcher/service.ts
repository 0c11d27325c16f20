import { createHash } from "node:crypto";
import semver from "semver";
import type { Actor, RequestMeta } from "../auth/actor";
import { changedFields, recordAudit } from "../audit-log/record";
import { db, type Tx } from "../db/client";
import type { Download, LauncherSettings, Prisma, Release } from "../db/generated/client";
import type { FilePlatform } from "../downloads/schemas";
import { contentsOf, downloadsProject, downloadUrl, fileIdentity, platformsOf, releaseRulesOf } from "../downloads/service";
import { NotFound } from "../errors";
import { afterPosition, decodeCursor, NEWEST_FIRST, toPage } from "../http/pagination";
import { canSeeDownloads, canUseInLauncher, LAUNCHER_VISIBILITIES, visibleReleases } from "../permissions";
import { inProject, moduleEnabled, requireModule, requireProjectPermission } from "../projects/access";
import { reviewedChange } from "../projects/reviewed-content";
import { bySemverDescending, publishedVersions } from "../releases/service";
import {
  type LaunchPlatform,
  type LaunchSettings,
  launchSettingsSchema,
  type LauncherSettingsInput,
  type Manifest,
  type ManifestFile,
  type ManifestQuery,
} from "./schemas";
import { signDocument } from "./signing";
import { channelTarget, filesToFetch, removedPaths, updateReason } from "./updates";

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

/** A file as the manifest lists it: its install path resolved (an archive's: its folder, empty for the game's folder). */
function manifestFile(file: Download): ManifestFile {
  const contents = contentsOf(file);
  return {
    ...fileIdentity(file),
    url: downloadUrl(file),
    path: file.installPath ?? (file.extract ? "" : file.fileName),
    platforms: platformsOf(file),
    extract: file.extract,
    ...(contents ? { contents } : {}),
  };
}

/** The files a launcher on `platform` installs (every file without one): those for it and those for all. */
function filesFor(files: Download[], platform: FilePlatform | undefined): ManifestFile[] {
  return files.filter((file) => !platform || !file.platforms.length || file.platforms.includes(platform)).map(manifestFile);
}

function manifestRelease(release: Release & { downloads: Download[] }, platform: FilePlatform | undefined) {
  return {
    version: release.version,
    channel: release.channel,
    title: release.title,
    publishedAt: release.publishedAt?.toISOString() ?? null,
    files: filesFor(release.downloads, platform),
  };
}

/**
 * The launch settings for a launcher on `platform`: its OS's own program and arguments when it has
 * them (launch settings keep OS keys: windows, macos, linux), and only that OS's entry.
 */
function launchFor(launch: LaunchSettings, platform: FilePlatform | undefined): LaunchSettings {
  if (!platform) return launch;
  const os = platform.split("-")[0] as LaunchPlatform;
  const own = launch.platforms[os];
  return own ? { ...launch, executable: own.executable, arguments: own.arguments, platforms: { [os]: own } } : { ...launch, platforms: {} };
}

/** The version a launcher says it has installed, when it is a yanked release of the project (the one downgrade allowed). */
async function yankedRelease(projectId: string, version: string) {
  const yanked = await db.release.findMany({ where: { projectId, state: "YANKED" }, include: { downloads: true } });
  return yanked.find((release) => semver.eq(release.version, version)) ?? null;
}

/**
 * What a launcher needs to install, update, repair and start a project (manifest v2,
 * docs/launcher.md): offers and launch settings, `current` (`?version=`, else the release
 * `?channel=` offers: channelTarget), what each channel offers, the version list when the project
 * offers versions, and with `?installed=` the update (updateReason: only upwards, or away from a
 * yanked version) when the project offers updates. `?platform=` keeps the files for that platform.
 * Only what the caller may see; signed with the launcher key (signDocument). ETag: a hash of the
 * manifest and the signing key, so launchers poll with If-None-Match. An APPLICATION_ONLY or
 * PRIVATE project is 404 to everyone but its members and staff (canUseInLauncher).
 */
export async function getManifest(actor: Actor | null, projectId: string, query: ManifestQuery) {
  const context = await launcherProject(actor, projectId);
  const settings = presentLauncherSettings(await db.launcherSettings.findUnique({ where: { projectId } }));
  const offers = offersOf(settings);
  if (query.version !== undefined && !offers.versions) throw new NotFound("version");
  const rules = releaseRulesOf(actor, context.project);
  const downloads = moduleEnabled(context.project, "DOWNLOADS") && canSeeDownloads(context.access, rules);
  const releasesContext = downloads ? await downloadsProject(actor, projectId) : null;
  const published = releasesContext ? await publishedVersions(releasesContext) : [];
  const channels = visibleReleases(context.access, rules)?.channels ?? [];

  const target =
    query.version !== undefined
      ? (published.find((release) => semver.eq(release.version, query.version!)) ?? null)
      : channelTarget(published, query.channel);
  if (query.version !== undefined && !target) throw new NotFound("version");
  const current = target ? manifestRelease(target, query.platform) : null;

  const installedRow =
    query.installed === undefined || !releasesContext
      ? null
      : (published.find((release) => semver.eq(release.version, query.installed!)) ?? (await yankedRelease(projectId, query.installed)));
  const yanked = installedRow?.state === "YANKED";
  let update: Manifest["update"];
  if (query.installed !== undefined && offers.update) {
    const reason = updateReason({ version: query.installed, yanked }, current?.version ?? null);
    const installedFiles = installedRow ? filesFor(installedRow.downloads, query.platform) : null;
    update =
      reason && current
        ? {
            from: query.installed,
            to: current.version,
            ...(reason === "YANKED" ? { reason } : {}),
            files: filesToFetch(installedFiles, current.files),
            removed: installedFiles ? removedPaths(installedFiles, current.files) : [],
          }
        : null;
  }

  const manifest: Omit<Manifest, "signature"> = {
    manifestVersion: 2,
    project: { id: context.project.id, slug: context.project.slug, name: context.project.name, logoUrl: context.project.logoUrl },
    offers,
    launch: launchFor(settings.launchSettings, query.platform),
    current,
    channels: Object.fromEntries(
      channels.flatMap((channel) => {
        const offered = channelTarget(published, channel);
        return offered ? [[channel, manifestRelease(offered, query.platform)]] : [];
      }),
    ),
    ...(offers.versions
      ? {
          versions: published.map((release) => ({
            version: release.version,
            channel: release.channel,
            publishedAt: release.publishedAt?.toISOString() ?? null,
          })),
        }
      : {}),
    ...(yanked ? { installed: { version: query.installed!, state: "YANKED" as const } } : {}),
    ...(update !== undefined ? { update } : {}),
  };
  const signature = signDocument(manifest);
  const etag = `"m-${createHash("sha256").update(signature.keyId).update(JSON.stringify(manifest)).digest("hex").slice(0, 32)}"`;
  return { body: { ...manifest, signature } satisfies Manifest, etag };
}
