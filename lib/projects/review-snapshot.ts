import { z } from "zod";
import type { db, Tx } from "../db/client";
import type { Project } from "../db/generated/client";
import { DEFAULT_PROJECT_SETTINGS, projectSchema, projectSettingsSchema } from "./schemas";

/**
 * What a reviewer decides on (DESIGN §8.2, "Review integrity"), kept with each review
 * (Review.snapshot) and as the baseline of a published project (ReviewBaseline.snapshot), so that
 * the next review and the change list show what changed since, area by area.
 *
 * Stored snapshots written before 2026-11-26 are flat (the presentation fields, `modules` and
 * `launcher` at the top level) and know nothing of the other areas: readSnapshot reads them with
 * those areas unknown (`undefined`), and a comparison skips an area either side does not know.
 */
export const REVIEW_AREAS = ["PRESENTATION", "MODULES", "SETTINGS", "PAGES", "SUPPORT_LINKS", "LAUNCHER", "RELEASES"] as const;
export type ReviewArea = (typeof REVIEW_AREAS)[number];

/**
 * The project's presentation fields and its visibility, as the API shows them, in the order of the
 * change list; `visibility` read loosely (a snapshot is compared, never acted on).
 */
const presentationSchema = projectSchema
  .pick({
    name: true,
    description: true,
    game: true,
    category: true,
    visibility: true,
    logoUrl: true,
    bannerUrl: true,
    websiteUrl: true,
    chatUrl: true,
    trailerUrl: true,
  })
  .extend({ visibility: z.string() });
export const PRESENTATION_FIELDS = presentationSchema.keyof().options;

/** The project settings a reviewer reads (the support links are an area of their own). */
const settingsAreaSchema = z.object({
  applicationsOpen: z.boolean(),
  applicationPrompt: z.string(),
  offeredRoleIds: z.array(z.string()),
  contactEmail: z.string(),
  offerPrereleases: z.boolean(),
});
const pageSchema = z.object({ slug: z.string(), title: z.string(), body: z.string() });
const supportLinkSchema = z.object({ label: z.string(), url: z.string() });
const releaseSchema = z.object({
  version: z.string(),
  channel: z.string(),
  state: z.string(),
  title: z.string(),
  changelog: z.string(),
  files: z.array(z.object({ name: z.string(), sha256: z.string(), size: z.number() })),
});

/**
 * Read loosely: this folder sits below lib/launcher (which validates the settings when they are
 * saved), and a snapshot is compared, never acted on.
 */
const launcherSchema = z.record(z.string(), z.json()).nullable();
const LAUNCHER_FIELDS = ["offerInstall", "offerUpdate", "offerRepair", "offerGameStart", "offerVersions", "launchSettings"] as const;

/** Every field a change of the presentation, modules, settings, support links or launcher names. */
export const REVIEWED_FIELDS = [
  ...PRESENTATION_FIELDS,
  "modules",
  ...settingsAreaSchema.keyof().options,
  "supportLinks",
  ...LAUNCHER_FIELDS,
] as const;
export type ReviewedField = (typeof REVIEWED_FIELDS)[number];

/** Version 2 of the stored snapshot: every area. */
const storedSnapshotSchema = z.object({
  format: z.literal(2),
  presentation: presentationSchema,
  modules: z.array(z.string()),
  settings: settingsAreaSchema,
  pages: z.array(pageSchema),
  supportLinks: z.array(supportLinkSchema),
  /** The stored launcher settings (offers and launch settings); null while the LAUNCHER module is off or before they are saved. */
  launcher: launcherSchema,
  /** Published and yanked releases: what players can install. */
  releases: z.array(releaseSchema),
});
export type ReviewSnapshot = z.infer<typeof storedSnapshotSchema>;

/** A stored snapshot as read back: areas an older snapshot did not record are undefined. */
export type ReadSnapshot = { [K in keyof Omit<ReviewSnapshot, "format">]?: ReviewSnapshot[K] };

const legacySnapshotSchema = presentationSchema.extend({ modules: z.array(z.string()), launcher: launcherSchema });

export async function takeSnapshot(client: Tx | typeof db, project: Project): Promise<ReviewSnapshot> {
  const [launcherRow, pages, releases] = await Promise.all([
    project.modules.includes("LAUNCHER") ? client.launcherSettings.findUnique({ where: { projectId: project.id } }) : null,
    client.projectPage.findMany({ where: { projectId: project.id }, orderBy: [{ position: "asc" }, { slug: "asc" }] }),
    client.release.findMany({
      where: { projectId: project.id, state: { in: ["PUBLISHED", "YANKED"] } },
      include: { downloads: { orderBy: [{ fileName: "asc" }, { id: "asc" }] } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
  ]);
  const parsedSettings = projectSettingsSchema.safeParse(project.settings);
  const { supportLinks, ...settings } = parsedSettings.success ? parsedSettings.data : DEFAULT_PROJECT_SETTINGS;
  return {
    format: 2,
    presentation: Object.fromEntries(PRESENTATION_FIELDS.map((field) => [field, project[field]])) as ReviewSnapshot["presentation"],
    modules: [...project.modules].sort(),
    settings: {
      applicationsOpen: settings.applicationsOpen,
      applicationPrompt: settings.applicationPrompt,
      offeredRoleIds: [...settings.offeredRoleIds].sort(),
      contactEmail: settings.contactEmail,
      offerPrereleases: settings.offerPrereleases,
    },
    pages: pages.map((page) => ({ slug: page.slug, title: page.title, body: page.body })),
    supportLinks: supportLinks.map((link) => ({ label: link.label, url: link.url })),
    launcher: launcherRow
      ? (Object.fromEntries(LAUNCHER_FIELDS.map((field) => [field, launcherRow[field]])) as z.infer<typeof launcherSchema>)
      : null,
    releases: releases.map((release) => ({
      version: release.version,
      channel: release.channel,
      state: release.state,
      title: release.title,
      changelog: release.changelog,
      files: release.downloads.map((file) => ({ name: file.fileName, sha256: file.sha256, size: Number(file.size) })),
    })),
  };
}

/**
 * A stored snapshot, or null where there is none (reviews before 2026-11-23) or the stored value is
 * not one. Flat snapshots of before 2026-11-26 give their presentation, modules and launcher.
 */
export function readSnapshot(stored: unknown): ReadSnapshot | null {
  const current = storedSnapshotSchema.safeParse(stored);
  if (current.success) {
    const { format: _format, ...areas } = current.data;
    return areas;
  }
  const legacy = legacySnapshotSchema.safeParse(stored);
  if (!legacy.success) return null;
  const { modules, launcher, ...presentation } = legacy.data;
  return { presentation, modules, launcher };
}

/** A JSON value as the diff carries it. */
export type ChangeValue = string | number | boolean | null | ChangeValue[] | { [key: string]: ChangeValue };

/**
 * One difference: the area, the field (a presentation or settings field, `modules`,
 * `supportLinks`, a launcher setting, a page's slug, a release's version), and the values before
 * and after (null where the thing did not exist, e.g. a page added or removed).
 */
export interface ReviewChange {
  area: ReviewArea;
  field: string;
  before: ChangeValue;
  after: ChangeValue;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Field by field of two records; a missing record (null) has every field null. */
function fieldChanges(area: ReviewArea, before: Record<string, unknown> | null, after: Record<string, unknown> | null): ReviewChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.flatMap((field) => {
    const [was, is] = [(before?.[field] ?? null) as ChangeValue, (after?.[field] ?? null) as ChangeValue];
    return same(was, is) ? [] : [{ area, field, before: was, after: is }];
  });
}

/** Items keyed by `key` (pages by slug, releases by version): added, removed or changed items, whole. */
function keyedChanges<T extends Record<string, unknown>>(area: ReviewArea, key: keyof T, before: T[], after: T[]): ReviewChange[] {
  const was = new Map(before.map((item) => [String(item[key]), item]));
  const is = new Map(after.map((item) => [String(item[key]), item]));
  const keys = [...new Set([...was.keys(), ...is.keys()])];
  return keys.flatMap((name) => {
    const [b, a] = [(was.get(name) ?? null) as ChangeValue, (is.get(name) ?? null) as ChangeValue];
    return same(b, a) ? [] : [{ area, field: name, before: b, after: a }];
  });
}

/**
 * What differs between two snapshots, area by area in REVIEW_AREAS order. An area either side did
 * not record (an older snapshot) is skipped: unknown, not "everything changed".
 */
export function diffSnapshots(before: ReadSnapshot, after: ReadSnapshot): ReviewChange[] {
  const known = <K extends keyof ReadSnapshot>(key: K) => before[key] !== undefined && after[key] !== undefined;
  const changes: ReviewChange[] = [];
  if (known("presentation")) changes.push(...fieldChanges("PRESENTATION", before.presentation!, after.presentation!));
  if (known("modules") && !same(before.modules, after.modules))
    changes.push({ area: "MODULES", field: "modules", before: before.modules!, after: after.modules! });
  if (known("settings")) changes.push(...fieldChanges("SETTINGS", before.settings!, after.settings!));
  if (known("pages")) changes.push(...keyedChanges("PAGES", "slug", before.pages!, after.pages!));
  if (known("supportLinks") && !same(before.supportLinks, after.supportLinks))
    changes.push({ area: "SUPPORT_LINKS", field: "supportLinks", before: before.supportLinks!, after: after.supportLinks! });
  if (known("launcher")) changes.push(...fieldChanges("LAUNCHER", before.launcher!, after.launcher!));
  if (known("releases")) changes.push(...keyedChanges("RELEASES", "version", before.releases!, after.releases!));
  return changes;
}
