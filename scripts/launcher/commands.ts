/**
 * The launcher's commands (DESIGN 8.2, docs/launcher.md "Reference launcher"). Each returns the
 * process exit code; failures throw LauncherError.
 */
import { spawn } from "node:child_process";
import { access, chmod, constants } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ApiError } from "./api";
import { storeSignIn } from "./config";
import { LauncherError, UsageError } from "./errors";
import { dropUnusedArchives, type GameFolder, checkPaths as checkInstalled, putInPlace, removePaths } from "./game";
import { CHANNELS, type Channel, filesFor, type Manifest, type ManifestRelease, plannedPaths } from "./manifest";
import { insideFolder } from "./paths";
import { detectPlatform, isPlatform, osOf, PLATFORMS, type Platform } from "./platform";
import { progressFor } from "./progress";
import { type InstallRecord, RECORD_VERSION, readRecord, requireRecord, writeRecord } from "./record";
import { DEFAULT_SERVER, findProject, openApi, signedManifest } from "./session";

export interface Options {
  server?: string;
  version?: string;
  channel?: string;
  platform?: string;
  /** Arguments after `--`, passed on to the game by `start`. */
  rest: string[];
}

const out = (line: string) => process.stdout.write(`${line}\n`);

function channelOf(value: string | undefined, fallback: Channel): Channel {
  if (value === undefined) return fallback;
  const upper = value.toUpperCase();
  if (!(CHANNELS as readonly string[]).includes(upper)) throw new UsageError(`Unknown channel "${value}": choose ${CHANNELS.join(", ")}.`);
  return upper as Channel;
}

function platformOf(value: string | undefined, fallback: Platform | undefined): Platform {
  if (value === undefined) return fallback ?? detectPlatform();
  if (!isPlatform(value)) throw new UsageError(`Unknown platform "${value}": choose ${PLATFORMS.join(", ")}.`);
  return value;
}

const gameFolderOf = (api: GameFolder["api"], folder: string): GameFolder => ({
  api,
  folder: path.resolve(folder),
  progress: progressFor(),
  log: out,
});

function requireOffer(manifest: Manifest, offer: keyof Manifest["offers"], what: string) {
  if (!manifest.offers[offer]) throw new LauncherError(`${manifest.project.name} does not offer ${what} through the launcher.`);
}

/** `login`: device sign-in (RFC 8628), the token stored per server. */
export async function login(options: Options): Promise<number> {
  const api = await openApi(options.server ?? DEFAULT_SERVER);
  const started = await api.json<{
    deviceCode: string;
    userCode: string;
    verificationUri: string;
    verificationUriComplete: string;
    expiresIn: number;
    interval: number;
  }>("/api/v1/auth/device", { method: "POST", body: { clientName: "PUMS reference launcher", scopes: ["read"] } });
  out(`To sign in, open ${api.url(started.verificationUriComplete)}`);
  out(`and check that it shows the code ${started.userCode} (or enter it at ${api.url(started.verificationUri)}).`);
  out("Waiting for approval…");
  let interval = Math.max(1, started.interval) * 1000;
  const deadline = Date.now() + started.expiresIn * 1000;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, interval));
    try {
      const granted = await api.json<{ id: string; token: string; expiresAt: string | null }>("/api/v1/auth/device/token", {
        method: "POST",
        body: { deviceCode: started.deviceCode },
      });
      const file = await storeSignIn(api.server, {
        tokenId: granted.id,
        token: granted.token,
        expiresAt: granted.expiresAt,
        signedInAt: new Date().toISOString(),
      });
      out(`Signed in to ${api.server}. The token is stored in ${file}.`);
      return 0;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === "authorization_pending") continue;
      // RFC 8628 3.5: slow_down adds 5 seconds to the interval, for this and every later poll (or
      // the server says the new interval); a rate limit answer is taken the same way.
      if (error.code === "slow_down" || error.status === 429) {
        const told = Number(error.problem.interval);
        interval = Number.isFinite(told) && told * 1000 > interval ? told * 1000 : interval + 5000;
        continue;
      }
      if (error.code === "access_denied") throw new LauncherError("The sign-in was denied in the portal.");
      if (error.code === "expired_token") break;
      throw error;
    }
  }
  throw new LauncherError("The sign-in code expired before it was approved: run login again.");
}

/** `list`: the launcher directory. */
export async function list(options: Options): Promise<number> {
  const api = await openApi(options.server ?? DEFAULT_SERVER);
  let cursor: string | null = null;
  let count = 0;
  do {
    const query: string = `/api/v1/launcher/projects?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const page = await api.json<{ data: { slug: string; name: string; currentVersion: string | null }[]; nextCursor: string | null }>(
      query,
    );
    for (const project of page.data) out(`${project.slug.padEnd(32)} ${(project.currentVersion ?? "-").padEnd(16)} ${project.name}`);
    count += page.data.length;
    cursor = page.nextCursor;
  } while (cursor);
  if (count === 0) out(`${api.server} offers no projects yet.`);
  return 0;
}

/** `versions <slug>`: the published versions, when the project offers a choice. */
export async function versions(slug: string, options: Options): Promise<number> {
  const api = await openApi(options.server ?? DEFAULT_SERVER);
  const project = await findProject(api, slug);
  const platform = platformOf(options.platform, undefined);
  const { manifest } = await signedManifest(api, project.id, { channel: channelOf(options.channel, "STABLE"), platform }, null);
  for (const [channel, release] of Object.entries(manifest.channels ?? {})) out(`current ${channel.padEnd(7)} ${release?.version}`);
  if (!manifest.versions) {
    out(`${manifest.project.name} does not offer a choice of versions.`);
    return 0;
  }
  for (const version of manifest.versions) out(`${version.version.padEnd(24)} ${version.channel.padEnd(7)} ${version.publishedAt ?? ""}`);
  return 0;
}

/** Puts `release` into the folder and records it; removes what the record had and the release has not. */
async function installRelease(
  game: GameFolder,
  manifest: Manifest,
  release: ManifestRelease,
  state: Pick<InstallRecord, "server" | "channel" | "platform" | "pinnedKey">,
  previous: InstallRecord | null,
  alsoRemove: string[] = [],
  fetchOnly?: Set<string>,
) {
  const files = filesFor(release, state.platform);
  const planned = plannedPaths(files);
  const keep = new Set(planned.map((entry) => entry.path));
  const toFetch = fetchOnly ? files.filter((file) => fetchOnly.has(file.id)) : files;
  const written = await putInPlace(game, toFetch);
  const gone = [...new Set([...alsoRemove, ...(previous?.installed ?? []).map((entry) => entry.path)])].filter((entry) => !keep.has(entry));
  const removed = await removePaths(game.folder, gone);
  await dropUnusedArchives(game.folder, files);
  await writeRecord(game.folder, {
    recordVersion: RECORD_VERSION,
    ...state,
    projectId: manifest.project.id,
    slug: manifest.project.slug,
    version: release.version,
    files,
    installed: planned,
    updatedAt: new Date().toISOString(),
  });
  return { written, removed, planned };
}

/** `install <slug> <dir>`: the chosen (or current) version of the channel into the folder. */
export async function install(slug: string, folder: string, options: Options): Promise<number> {
  const previous = await readRecord(folder);
  const channel = channelOf(options.channel, previous?.channel ?? "STABLE");
  const platform = platformOf(options.platform, previous?.platform);
  const api = await openApi(options.server ?? previous?.server ?? DEFAULT_SERVER);
  const project = await findProject(api, slug);
  if (previous && previous.projectId !== project.id)
    throw new LauncherError(`${folder} already holds ${previous.slug}: choose another folder for ${project.slug}.`);
  const { manifest, key } = await signedManifest(
    api,
    project.id,
    { channel, platform, version: options.version },
    previous?.pinnedKey ?? null,
  );
  requireOffer(manifest, "install", "installation");
  const release = manifest.current;
  if (!release) throw new LauncherError(`${manifest.project.name} has no published version on the ${channel} channel.`);
  if (options.version && release.version !== options.version)
    throw new LauncherError(`The server answered version ${release.version} when asked for ${options.version}.`);
  const game = gameFolderOf(api, folder);
  const { written, removed, planned } = await installRelease(
    game,
    manifest,
    release,
    { server: api.server, channel, platform, pinnedKey: key },
    previous,
  );
  out(
    `Installed ${manifest.project.name} ${release.version} (${channel}, ${platform}) in ${game.folder}: ${planned.length} files, ${written.length} written${removed.length ? `, ${removed.length} removed` : ""}.`,
  );
  return 0;
}

/** `update <dir> [--channel C]`: follows the server's update (new files, removed paths, a yanked version left). */
export async function update(folder: string, options: Options): Promise<number> {
  const record = await requireRecord(folder);
  const api = await openApi(options.server ?? record.server);
  const channel = channelOf(options.channel, record.channel);
  const platform = record.platform;
  const { manifest, key } = await signedManifest(api, record.projectId, { channel, platform, installed: record.version }, record.pinnedKey);
  requireOffer(manifest, "update", "updates");
  const state = { server: api.server, channel, platform, pinnedKey: key };
  const change = manifest.update;
  if (!change || !manifest.current) {
    if (manifest.installed?.state === "YANKED")
      out(`Version ${record.version} was withdrawn (yanked), and the ${channel} channel has no other version to move to.`);
    const target = manifest.current?.version;
    out(
      target && target !== record.version
        ? `Already at ${record.version}; the ${channel} channel's current version is ${target}, and updates never go back.`
        : `Already up to date: ${manifest.project.name} ${record.version} (${channel}).`,
    );
    await writeRecord(folder, { ...record, ...state, updatedAt: new Date().toISOString() });
    return 0;
  }
  if (change.to !== manifest.current.version)
    throw new LauncherError(`The manifest's update leads to ${change.to} but its current version is ${manifest.current.version}.`);
  if (change.reason === "YANKED") out(`Version ${record.version} was withdrawn (yanked): moving to ${change.to}.`);
  // The update's files, and any file of the new version whose paths the record does not hold as they should be.
  const recorded = new Map(record.installed.map((entry) => [entry.path, entry.sha256]));
  const fetch = new Set(change.files.map((file) => file.id));
  for (const file of filesFor(manifest.current, platform))
    if (plannedPaths([file]).some((entry) => recorded.get(entry.path) !== entry.sha256)) fetch.add(file.id);
  const game = gameFolderOf(api, folder);
  const { written, removed } = await installRelease(game, manifest, manifest.current, state, record, change.removed ?? [], fetch);
  out(
    `Updated ${manifest.project.name} from ${record.version} to ${change.to} (${channel}): ${written.length} written, ${removed.length} removed.`,
  );
  for (const entry of removed) out(`  removed ${entry}`);
  return 0;
}

/** `verify <dir>`: every installed path against its sha256; exit 1 naming what changed or is missing. */
export async function verify(folder: string): Promise<number> {
  const record = await requireRecord(folder);
  const states = await checkInstalled(path.resolve(folder), record.installed);
  const broken = states.filter((checked) => checked.state !== "intact");
  if (broken.length === 0) {
    out(`All ${states.length} files are intact.`);
    return 0;
  }
  for (const checked of broken) out(`${checked.state}: ${checked.path.path}`);
  out(`${broken.length} of ${states.length} files are changed or missing: run repair.`);
  return 1;
}

/** `repair <dir>`: fetches (or re-extracts) only the changed or missing paths. */
export async function repair(folder: string, options: Options): Promise<number> {
  const record = await requireRecord(folder);
  const api = await openApi(options.server ?? record.server);
  const { manifest, key } = await signedManifest(
    api,
    record.projectId,
    { channel: record.channel, platform: record.platform, installed: record.version },
    record.pinnedKey,
  );
  requireOffer(manifest, "repair", "repairs");
  const game = gameFolderOf(api, folder);
  const broken = (await checkInstalled(game.folder, record.installed)).filter((checked) => checked.state !== "intact");
  if (broken.length === 0) {
    out(`Nothing to repair: all ${record.installed.length} files are intact.`);
    return 0;
  }
  const written = await putInPlace(game, record.files, new Set(broken.map((checked) => checked.path.path)));
  await writeRecord(folder, { ...record, pinnedKey: key, updatedAt: new Date().toISOString() });
  for (const entry of written) out(`  repaired ${entry}`);
  out(`Repaired ${written.length} of ${record.installed.length} files.`);
  return 0;
}

/** `start <dir> [-- args]`: the launch settings' program for the platform, in the game folder; its exit code. */
export async function start(folder: string, options: Options): Promise<number> {
  const record = await requireRecord(folder);
  const api = await openApi(options.server ?? record.server);
  const { manifest } = await signedManifest(
    api,
    record.projectId,
    { channel: record.channel, platform: record.platform, installed: record.version },
    record.pinnedKey,
  );
  requireOffer(manifest, "start", "starting the game");
  const launch = manifest.launch.platforms?.[osOf(record.platform)] ?? manifest.launch;
  if (!launch.executable) throw new LauncherError(`${manifest.project.name} names no program to start on ${record.platform}.`);
  const gameFolder = path.resolve(folder);
  const program = insideFolder(gameFolder, launch.executable);
  if (!program) throw new LauncherError(`Refusing to start ${launch.executable}: it is not inside the game folder.`);
  if (
    !(await access(program).then(
      () => true,
      () => false,
    ))
  )
    throw new LauncherError(`The program ${launch.executable} is missing from ${gameFolder}: run repair.`);
  // A plain upload carries no file mode: the launcher makes the program it starts executable.
  if (
    process.platform !== "win32" &&
    !(await access(program, constants.X_OK).then(
      () => true,
      () => false,
    ))
  )
    await chmod(program, 0o755);
  const child = spawn(program, [...launch.arguments, ...options.rest], { cwd: gameFolder, stdio: "inherit" });
  return new Promise((resolve, reject) => {
    child.on("error", (error) => reject(new LauncherError(`Could not start ${launch.executable}: ${error.message}`)));
    // A game ended by a signal exits like a shell reports it: 128 + the signal's number.
    child.on("exit", (code, signal) => resolve(code ?? 128 + (signal ? (os.constants.signals[signal] ?? 0) : 0)));
  });
}
