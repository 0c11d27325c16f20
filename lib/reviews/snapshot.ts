import { z } from "zod";
import type { Tx, db } from "../db/client";
import type { Project } from "../db/generated/client";
import { presentLauncherSettings } from "../launcher/service";
import { launchSettingsSchema, type LauncherSettingsInput } from "../launcher/schemas";

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
  launcher: z
    .object({ offerInstall: z.boolean(), offerUpdate: z.boolean(), offerRepair: z.boolean(), offerGameStart: z.boolean(), offerVersions: z.boolean(), launchSettings: launchSettingsSchema })
    .nullable(),
});
export type ReviewSnapshot = z.infer<typeof reviewSnapshotSchema>;

/** The compared fields in the order the review page lists them, with their labels. */
const FIELDS: { key: keyof ReviewSnapshot; label: string }[] = [
  { key: "name", label: "Name" },
  { key: "description", label: "Description" },
  { key: "game", label: "Game" },
  { key: "category", label: "Category" },
  { key: "visibility", label: "Visibility" },
  { key: "logoUrl", label: "Logo" },
  { key: "bannerUrl", label: "Banner" },
  { key: "websiteUrl", label: "Website" },
  { key: "chatUrl", label: "Chat" },
  { key: "trailerUrl", label: "Trailer" },
  { key: "modules", label: "Modules" },
  { key: "launcher", label: "Launcher settings" },
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

/** The launcher settings as lines of text, for the review page and its comparison. */
export function describeLauncherSettings(settings: LauncherSettingsInput): string[] {
  const { launchSettings: launch, ...offers } = settings;
  const offered = Object.entries(offers).filter(([, on]) => on).map(([offer]) => offer.replace(/^offer/, "").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase());
  return [
    `Offers: ${offered.join(", ") || "none"}`,
    `Program: ${[launch.executable || "none", ...launch.arguments].join(" ")}`,
    ...Object.entries(launch.platforms).map(([platform, entry]) => `Program on ${platform}: ${[entry?.executable ?? "", ...(entry?.arguments ?? [])].join(" ")}`),
    `Minimum launcher version: ${launch.minimumLauncherVersion ?? "any"}`,
    `Minimum memory: ${launch.minimumMemoryMb} MB`,
  ];
}

function shown(snapshot: ReviewSnapshot, key: keyof ReviewSnapshot): string {
  if (key === "launcher") return snapshot.launcher ? describeLauncherSettings(snapshot.launcher).join("\n") : "";
  const value = snapshot[key];
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
}

export interface SnapshotChange {
  field: keyof ReviewSnapshot;
  label: string;
  before: string;
  after: string;
}

/** The fields that differ between the last reviewed snapshot and now, each as text before and after. */
export function diffSnapshots(before: ReviewSnapshot, after: ReviewSnapshot): SnapshotChange[] {
  return FIELDS.flatMap(({ key, label }) => {
    const [was, is] = [shown(before, key), shown(after, key)];
    return was === is ? [] : [{ field: key, label, before: was, after: is }];
  });
}
