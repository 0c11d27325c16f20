import { z } from "zod";
import { DOWNLOAD_KINDS } from "../downloads/schemas";
import { paginationQuerySchema } from "../http/pagination";
import { RELEASE_CHANNELS } from "../permissions";
import { semverSchema } from "../releases/schemas";

export const LAUNCH_PLATFORMS = ["windows", "macos", "linux"] as const;
export type LaunchPlatform = (typeof LAUNCH_PLATFORMS)[number];
/** The platforms' names: proper names, the same in every language. */
export const LAUNCH_PLATFORM_NAMES: Record<LaunchPlatform, string> = { windows: "Windows", macos: "macOS", linux: "Linux" };

/**
 * A program inside the installed game's folder, as the launcher starts it: a relative path with
 * forward slashes, no `..`, no drive letters or control characters. The launcher joins it to its
 * install folder, so it can never point outside.
 */
const executableSchema = z
  .string()
  .trim()
  .max(260, "Use at most 260 characters.")
  .refine(
    (value) =>
      // biome-ignore lint/suspicious/noControlCharactersInRegex: refuses control characters in the executable's path on purpose
      value === "" || (!/^([a-zA-Z]:|[\\/])/.test(value) && !value.split(/[\\/]/).includes("..") && !/[\u0000-\u001f\u007f\\]/.test(value)),
    {
      message: "Give a path inside the game's folder, such as bin/game.exe (forward slashes, no ..).",
    },
  );

const argumentsSchema = z
  .array(
    z
      .string()
      .max(200, "Use at most 200 characters per argument.")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: refuses control characters in an argument on purpose
      .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), "Arguments may not contain control characters."),
  )
  .max(20, "Use at most 20 arguments.");

const platformLaunchSchema = z.strictObject({ executable: executableSchema, arguments: argumentsSchema.default([]) });

export const launchSettingsSchema = z.strictObject({
  /** Started on every platform that has no entry of its own in `platforms`. */
  executable: executableSchema.default(""),
  arguments: argumentsSchema.default([]),
  /** Per-platform program and arguments, overriding the defaults above. */
  platforms: z
    .partialRecord(z.enum(LAUNCH_PLATFORMS), platformLaunchSchema)
    .default({})
    // A platform left blank (as a form sends it) uses the defaults: no entry of its own.
    .transform(
      (platforms) =>
        Object.fromEntries(Object.entries(platforms).filter(([, launch]) => launch && launch.executable !== "")) as typeof platforms,
    ),
  /** Launchers older than this refuse the project (a semantic version); null: any. */
  minimumLauncherVersion: semverSchema.nullable().default(null),
  minimumMemoryMb: z.int("Enter a whole number.").min(0).max(65_536).default(0),
});
export type LaunchSettings = z.infer<typeof launchSettingsSchema>;

/** A project's launcher settings: what the launcher offers and how it starts the game. */
export const LAUNCHER_SETTINGS_FIELDS = {
  offerInstall: z.boolean(),
  offerUpdate: z.boolean(),
  offerRepair: z.boolean(),
  offerGameStart: z.boolean(),
  offerVersions: z.boolean(),
  launchSettings: launchSettingsSchema,
};

export const launcherSettingsSchema = z
  .strictObject(LAUNCHER_SETTINGS_FIELDS)
  .refine(
    (settings) =>
      !settings.offerGameStart ||
      settings.launchSettings.executable !== "" ||
      LAUNCH_PLATFORMS.some((platform) => settings.launchSettings.platforms[platform]?.executable),
    { path: ["launchSettings", "executable"], message: "Game start needs the program to start (here or per platform)." },
  );
export type LauncherSettingsInput = z.infer<typeof launcherSettingsSchema>;

export const offersSchema = z.object({
  install: z.boolean(),
  update: z.boolean(),
  repair: z.boolean(),
  start: z.boolean(),
  versions: z.boolean(),
});

export const launcherProjectSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  offers: offersSchema,
  /** The highest published STABLE version, or null. */
  currentVersion: z.string().nullable(),
});

export const listLauncherProjectsQuerySchema = paginationQuerySchema;

export const manifestFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(DOWNLOAD_KINDS),
  size: z.number().int(),
  sha256: z.string(),
  url: z.string(),
});

const manifestReleaseSchema = z.object({
  version: z.string(),
  channel: z.enum(RELEASE_CHANNELS),
  title: z.string(),
  publishedAt: z.iso.datetime().nullable(),
  files: z.array(manifestFileSchema),
});

export const manifestSchema = z.object({
  project: z.object({ id: z.string(), slug: z.string(), name: z.string(), logoUrl: z.string().nullable() }),
  offers: offersSchema,
  launch: launchSettingsSchema,
  /** The highest published STABLE release (null: none yet). */
  current: manifestReleaseSchema.nullable(),
  /** The highest published release of each channel the caller sees. */
  channels: z.partialRecord(z.enum(RELEASE_CHANNELS), manifestReleaseSchema),
  versions: z.array(z.object({ version: z.string(), channel: z.enum(RELEASE_CHANNELS), publishedAt: z.iso.datetime().nullable() })),
  /** With `?installed=`: what to fetch to move to `current` (null when up to date). */
  update: z
    .object({ from: z.string(), to: z.string(), files: z.array(manifestFileSchema) })
    .nullable()
    .optional(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const manifestQuerySchema = z.strictObject({
  installed: semverSchema.optional(),
  channel: z.enum(RELEASE_CHANNELS, "Unknown channel.").default("STABLE"),
});
