import { z } from "zod";
import type { Tx, db } from "../db/client";
import type { Project } from "../db/generated/client";
import { presentLauncherSettings } from "../launcher/service";
import { LAUNCHER_SETTINGS_FIELDS, type LauncherSettingsInput, type LaunchPlatform } from "../launcher/schemas";

/**
 * What a reviewer decides on, kept with each review (Review.snapshot) so that the next review of
 * the project shows what changed since: the presentation, visibility, modules and, with the
 * LAUNCHER module on, the launcher settings.
 */
export const reviewSnapshotSchema = z.object({
  name: z.string(),
  description: z.string(),
  game: z.string(),
  category: z.string(),
  visibility: z.string(),
  logoUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  chatUrl: z.string().nullable(),
  trailerUrl: z.string().nullable(),
  modules: z.array(z.string()),
  launcher: z.object(LAUNCHER_SETTINGS_FIELDS).nullable(),
});
export type ReviewSnapshot = z.infer<typeof reviewSnapshotSchema>;

/** The compared fields in the order the review page lists them (it names them from the catalogue). */
const FIELDS: (keyof ReviewSnapshot)[] = [
  "name",
  "description",
  "game",
  "category",
  "visibility",
  "logoUrl",
  "bannerUrl",
  "websiteUrl",
  "chatUrl",
  "trailerUrl",
  "modules",
  "launcher",
];

export async function takeSnapshot(client: Tx | typeof db, project: Project): Promise<ReviewSnapshot> {
  const launcher = project.modules.includes("LAUNCHER")
    ? presentLauncherSettings(await client.launcherSettings.findUnique({ where: { projectId: project.id } }))
    : null;
  return {
    name: project.name,
    description: project.description,
    game: project.game,
    category: project.category,
    visibility: project.visibility,
    logoUrl: project.logoUrl,
    bannerUrl: project.bannerUrl,
    websiteUrl: project.websiteUrl,
    chatUrl: project.chatUrl,
    trailerUrl: project.trailerUrl,
    modules: [...project.modules].sort(),
    launcher,
  };
}

/** A stored snapshot, or null where the review predates snapshots (or the stored shape is not one). */
export function readSnapshot(stored: unknown): ReviewSnapshot | null {
  const parsed = reviewSnapshotSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

type LauncherOffer = Exclude<keyof LauncherSettingsInput, "launchSettings">;

/**
 * One line of the launcher settings as the review page lists them: data, which the page puts into
 * words in the reader's language (components/review/launcher-lines.tsx). An empty executable is "none".
 */
export type LauncherLine =
  | { line: "offers"; offers: LauncherOffer[] }
  | { line: "program"; executable: string; arguments: string[] }
  | { line: "platformProgram"; platform: LaunchPlatform; executable: string; arguments: string[] }
  | { line: "minimumLauncherVersion"; version: string | null }
  | { line: "minimumMemory"; megabytes: number };

/** The launcher settings line by line, for the review page and its comparison. */
export function describeLauncherSettings(settings: LauncherSettingsInput): LauncherLine[] {
  const { launchSettings: launch, ...offers } = settings;
  const platforms = Object.entries(launch.platforms) as [LaunchPlatform, (typeof launch.platforms)[LaunchPlatform]][];
  return [
    { line: "offers", offers: (Object.keys(offers) as LauncherOffer[]).filter((offer) => offers[offer]) },
    { line: "program", executable: launch.executable, arguments: launch.arguments },
    ...platforms.map(([platform, entry]) => ({
      line: "platformProgram" as const,
      platform,
      executable: entry?.executable ?? "",
      arguments: entry?.arguments ?? [],
    })),
    { line: "minimumLauncherVersion", version: launch.minimumLauncherVersion ?? null },
    { line: "minimumMemory", megabytes: launch.minimumMemoryMb },
  ];
}

function shown(snapshot: ReviewSnapshot, key: Exclude<keyof ReviewSnapshot, "launcher">): string {
  const value = snapshot[key];
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
}

/** A changed field: text before and after, or for the launcher settings their lines (null: the module was off). */
export type SnapshotChange =
  | { field: Exclude<keyof ReviewSnapshot, "launcher">; before: string; after: string }
  | { field: "launcher"; before: LauncherLine[] | null; after: LauncherLine[] | null };

/** The fields that differ between the last reviewed snapshot and now. */
export function diffSnapshots(before: ReviewSnapshot, after: ReviewSnapshot): SnapshotChange[] {
  return FIELDS.flatMap((key): SnapshotChange[] => {
    if (key === "launcher") {
      const [was, is] = [
        before.launcher && describeLauncherSettings(before.launcher),
        after.launcher && describeLauncherSettings(after.launcher),
      ];
      return JSON.stringify(was) === JSON.stringify(is) ? [] : [{ field: key, before: was, after: is }];
    }
    const [was, is] = [shown(before, key), shown(after, key)];
    return was === is ? [] : [{ field: key, before: was, after: is }];
  });
}
