import semver from "semver";
import { installPathKey } from "../downloads/paths";
import type { ReleaseChannel } from "../permissions";

/**
 * The launcher's channel and update rules (docs/launcher.md, "Channels and updates"): pure
 * functions, read by the manifest and tested on their own (updates.test.ts).
 */

/** What each channel follows: itself and every more stable channel (STABLE ⊂ BETA ⊂ ALPHA). */
export const CHANNEL_FOLLOWS: Record<ReleaseChannel, readonly ReleaseChannel[]> = {
  STABLE: ["STABLE"],
  BETA: ["STABLE", "BETA"],
  ALPHA: ["STABLE", "BETA", "ALPHA"],
};

/**
 * The release a channel offers: the highest version by semver order (pre-releases below their
 * release: 1.0.0-beta.2 < 1.0.0-beta.10 < 1.0.0) among the channel and the more stable ones, so a
 * BETA channel never hides a newer STABLE release. Null without any.
 */
export function channelTarget<R extends { version: string; channel: ReleaseChannel }>(
  releases: readonly R[],
  channel: ReleaseChannel,
): R | null {
  let best: R | null = null;
  for (const release of releases) {
    if (!CHANNEL_FOLLOWS[channel].includes(release.channel)) continue;
    if (!best || semver.gt(release.version, best.version)) best = release;
  }
  return best;
}

/**
 * Whether a launcher with `installed` should move to `target`, and why: `UPGRADE` only to a
 * strictly higher version (never a downgrade, never to the same version); `YANKED` when the
 * installed version was yanked, to whatever the target is, lower versions included: the one
 * allowed downgrade. Null: stay.
 */
export function updateReason(installed: { version: string; yanked: boolean }, target: string | null): "UPGRADE" | "YANKED" | null {
  if (target === null) return null;
  if (installed.yanked) return semver.eq(installed.version, target) ? null : "YANKED";
  return semver.gt(target, installed.version) ? "UPGRADE" : null;
}

/** A manifest file as the update rules compare them. */
export interface InstalledFile {
  path: string;
  sha256: string;
  extract: boolean;
  contents?: { path: string }[];
}

/** The paths a file takes in the game's folder: a plain file its path, an archive its entries' paths. */
export function pathsOf(file: InstalledFile): string[] {
  return file.extract ? (file.contents ?? []).map((entry) => entry.path) : [file.path];
}

/**
 * The files of `target` a launcher has to fetch when `installed` (null: unknown) is on disk: those
 * the installed version does not have with the same bytes at the same place.
 */
export function filesToFetch<F extends InstalledFile>(installed: readonly InstalledFile[] | null, target: readonly F[]): F[] {
  const identity = (file: InstalledFile) => `${file.extract}:${file.path}:${file.sha256}`;
  const have = new Set((installed ?? []).map(identity));
  return target.filter((file) => !have.has(identity(file)));
}

/**
 * The paths to delete when moving from `installed` to `target`: every path of the installed
 * version's files (plain files and archive entries) that the target no longer has, sorted. Compared
 * ignoring case, as Windows and macOS do: deleting `Game.exe` after writing `game.exe` would delete
 * the new file there.
 */
export function removedPaths(installed: readonly InstalledFile[], target: readonly InstalledFile[]): string[] {
  const kept = new Set(target.flatMap(pathsOf).map(installPathKey));
  const removed = new Set(installed.flatMap(pathsOf).filter((path) => !kept.has(installPathKey(path))));
  return [...removed].sort();
}
