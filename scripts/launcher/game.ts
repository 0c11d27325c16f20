/**
 * What the launcher does to a game folder: put a release's files in place (downloading only what
 * is not already there, intact), check installed paths, and delete paths a version no longer has.
 */
import { readdir, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import type { Api } from "./api";
import { extractArchive } from "./archive";
import { download } from "./download";
import { LauncherError } from "./errors";
import { checkFile, type FileState } from "./hashing";
import { type InstalledPath, type ManifestFile, pathsOf, targetOf } from "./manifest";
import { insideFolder } from "./paths";
import type { Progress } from "./progress";
import { archiveFileOf, partsFolderOf } from "./record";

export interface GameFolder {
  api: Api;
  folder: string;
  progress: Progress;
  log: (line: string) => void;
}

function absolute(gameFolder: string, relative: string): string {
  const full = insideFolder(gameFolder, relative);
  if (!full) throw new LauncherError(`Refusing the path ${relative}: it is not inside the game folder.`);
  return full;
}

/** Each installed path's state, in the record's order. */
export async function checkPaths(gameFolder: string, paths: InstalledPath[]): Promise<{ path: InstalledPath; state: FileState }[]> {
  const states: { path: InstalledPath; state: FileState }[] = [];
  for (const entry of paths) states.push({ path: entry, state: await checkFile(absolute(gameFolder, entry.path), entry) });
  return states;
}

/**
 * Puts `files` in place. A path already holding the right bytes is left alone (its mtime too).
 * `only`: limit the work to these paths (a repair). A plain file is downloaded (resuming); an
 * archive is taken from the kept copy if that is intact, else downloaded, and only its missing or
 * changed entries are extracted. Returns the paths written.
 */
export async function putInPlace(game: GameFolder, files: ManifestFile[], only?: Set<string>): Promise<string[]> {
  const written: string[] = [];
  for (const file of files) {
    const wanted = pathsOf(file).filter((entry) => !only || only.has(entry.path));
    const broken = new Set(
      (await checkPaths(game.folder, wanted)).filter((checked) => checked.state !== "intact").map((checked) => checked.path.path),
    );
    if (broken.size === 0) continue;
    if (!file.extract) {
      await download(game.api, file, absolute(game.folder, targetOf(file)), partsFolderOf(game.folder), game.progress);
      written.push(targetOf(file));
      continue;
    }
    const archive = archiveFileOf(game.folder, file.sha256);
    if ((await checkFile(archive, file)) !== "intact") await download(game.api, file, archive, partsFolderOf(game.folder), game.progress);
    else game.log(`Using the kept copy of ${file.name}`);
    const extracted = await extractArchive(archive, {
      name: file.name,
      gameFolder: game.folder,
      folder: targetOf(file),
      contents: file.contents ?? [],
      only: broken,
    });
    written.push(...extracted);
  }
  return written;
}

/** Deletes installed paths (and the folders they leave empty), never anything outside the game folder. */
export async function removePaths(gameFolder: string, paths: string[]): Promise<string[]> {
  const removed: string[] = [];
  for (const relative of paths) {
    const full = insideFolder(gameFolder, relative);
    if (!full) continue;
    await rm(full, { force: true });
    removed.push(relative);
    let parent = path.dirname(full);
    while (parent.startsWith(path.resolve(gameFolder) + path.sep) && (await readdir(parent).catch(() => ["?"])).length === 0) {
      await rmdir(parent);
      parent = path.dirname(parent);
    }
  }
  return removed;
}

/** Kept archives no release file of `files` needs any more. */
export async function dropUnusedArchives(gameFolder: string, files: ManifestFile[]) {
  const needed = new Set(files.filter((file) => file.extract).map((file) => path.basename(archiveFileOf(gameFolder, file.sha256))));
  const folder = path.dirname(archiveFileOf(gameFolder, "x"));
  for (const name of await readdir(folder).catch(() => [] as string[]))
    if (!needed.has(name)) await rm(path.join(folder, name), { force: true });
}
