import type { LauncherSettingsInput, LaunchPlatform } from "../launcher/schemas";

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
