import { z } from "zod";
import { MAX_INSTALL_PATH, installPathFault } from "../downloads/paths";
import { FILE_PLATFORMS, fileSchema } from "../downloads/schemas";
import { paginationQuerySchema } from "../http/pagination";
import { RELEASE_CHANNELS } from "../permissions";
import { projectSchema } from "../projects/schemas";
import { semverSchema } from "../releases/schemas";

export const LAUNCH_PLATFORMS = ["windows", "macos", "linux"] as const;
export type LaunchPlatform = (typeof LAUNCH_PLATFORMS)[number];
/** The platforms' names: proper names, the same in every language. */
export const LAUNCH_PLATFORM_NAMES: Record<LaunchPlatform, string> = { windows: "Windows", macos: "macOS", linux: "Linux" };

/**
 * A program inside the installed game's folder, as the launcher starts it: the same path rule as
 * files' install paths (installPathFault: relative, forward slashes, no `..`, nothing Windows
 * cannot write). The launcher joins it to its install folder, so it can never point outside.
 * Empty: no program (per platform: use the defaults).
 */
const executableSchema = z
  .string()
  .trim()
  .max(MAX_INSTALL_PATH, `Use at most ${MAX_INSTALL_PATH} characters.`)
  .superRefine((value, context) => {
    const fault = value === "" ? null : installPathFault(value);
    if (fault) context.addIssue({ code: "custom", message: fault });
  });

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

/** A project as the launcher lists it: the project's own id, slug, name and logo, and what the launcher may do with it. */
export const launcherProjectSchema = projectSchema.pick({ id: true, slug: true, name: true, logoUrl: true }).extend({
  offers: offersSchema,
  /** The highest published STABLE version, or null. */
  currentVersion: z.string().nullable(),
});

export const listLauncherProjectsQuerySchema = paginationQuerySchema;

/** A file as the manifest lists it: the file's identity (lib/downloads), and what a launcher needs to install it. */
export const manifestFileSchema = fileSchema.pick({ id: true, name: true, kind: true, size: true, sha256: true }).extend({
  url: z.string().describe("The download's address, relative to the manifest's."),
  path: z
    .string()
    .describe(
      "Relative to the game's folder: a plain file's path (default: its name); for `extract: true` the folder the archive extracts into, empty for the game's folder itself.",
    ),
  platforms: z.array(z.enum(FILE_PLATFORMS)).nullable().describe("The platforms the file is for; null: all."),
  extract: z.boolean().describe("A zip archive to extract into `path`."),
  contents: z
    .array(z.object({ path: z.string(), size: z.number().int(), sha256: z.string() }))
    .optional()
    .describe("`extract: true` only: every file entry of the archive, its path relative to the game's folder, recorded at upload."),
});
export type ManifestFile = z.infer<typeof manifestFileSchema>;

const manifestReleaseSchema = z.object({
  version: z.string(),
  channel: z.enum(RELEASE_CHANNELS),
  title: z.string(),
  publishedAt: z.iso.datetime().nullable(),
  files: z.array(manifestFileSchema),
});

export const manifestSignatureSchema = z.object({
  keyId: z.string().describe("Which key of GET /api/v1/launcher/keys signed."),
  algorithm: z.literal("Ed25519"),
  value: z.string().describe("base64url Ed25519 signature over the RFC 8785 canonical JSON of the manifest without `signature`."),
});

export const manifestSchema = z.object({
  manifestVersion: z.literal(2),
  project: z.object({ id: z.string(), slug: z.string(), name: z.string(), logoUrl: z.string().nullable() }),
  offers: offersSchema,
  launch: launchSettingsSchema.describe(
    "How to start the game. With `?platform=`, `executable` and `arguments` are those of the platform's OS (`platforms.windows`, `.macos`, `.linux`) when it has its own, and `platforms` holds only that entry.",
  ),
  current: manifestReleaseSchema
    .nullable()
    .describe(
      "`?version=` when given, else the release `?channel=` offers: the highest version of that channel and the more stable ones (null: none).",
    ),
  channels: z
    .partialRecord(z.enum(RELEASE_CHANNELS), manifestReleaseSchema)
    .describe("What each channel the caller may see offers (STABLE ⊂ BETA ⊂ ALPHA)."),
  versions: z
    .array(z.object({ version: z.string(), channel: z.enum(RELEASE_CHANNELS), publishedAt: z.iso.datetime().nullable() }))
    .optional()
    .describe("The published versions, highest first; only when the project offers a choice of versions (`offers.versions`)."),
  installed: z
    .object({ version: z.string(), state: z.literal("YANKED") })
    .optional()
    .describe("With `?installed=` naming a yanked version: players should move away from it (see `update.reason`)."),
  update: z
    .object({
      from: z.string(),
      to: z.string(),
      reason: z.literal("YANKED").optional().describe("The installed version was yanked: the one update that may go to a lower version."),
      files: z.array(manifestFileSchema).describe("The files of `to` that the installed version lacks (all of them when it is unknown)."),
      removed: z.array(z.string()).describe("Paths, relative to the game's folder, of the installed version that `to` no longer has."),
    })
    .nullable()
    .optional()
    .describe(
      "With `?installed=` and `offers.update`: the way to `current`, only to a higher version (or away from a yanked one); null when there is none.",
    ),
  signature: manifestSignatureSchema,
});
export type Manifest = z.infer<typeof manifestSchema>;

export const manifestQuerySchema = z.strictObject({
  installed: semverSchema.optional().describe("The version the launcher has installed: adds `update`."),
  channel: z.enum(RELEASE_CHANNELS, "Unknown channel.").default("STABLE"),
  version: semverSchema
    .optional()
    .describe("One published version as `current` (404 when there is none, or when the project does not offer a choice of versions)."),
  platform: z
    .enum(FILE_PLATFORMS, `Choose one of ${FILE_PLATFORMS.join(", ")}.`)
    .optional()
    .describe("Only the files for this platform (and those for all), and the launch settings of its OS."),
});
export type ManifestQuery = z.infer<typeof manifestQuerySchema>;

export const launcherKeysSchema = z.object({
  keys: z.array(
    z.object({
      keyId: z.string(),
      algorithm: z.literal("Ed25519"),
      publicKey: z.string().describe("The raw 32-byte Ed25519 public key, base64url."),
    }),
  ),
});
