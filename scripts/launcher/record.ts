/**
 * The install record, `<dir>/.launcher/install.json`: which project, version, channel and
 * platform a folder holds, from which server, the key its manifests must be signed with, the
 * release's files (to fetch them again for a repair) and every path installed with its sha256.
 */
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { explainFileError, LauncherError } from "./errors";
import type { Channel, InstalledPath, ManifestFile, PublicKey } from "./manifest";
import { LAUNCHER_FOLDER } from "./paths";
import type { Platform } from "./platform";

export const RECORD_VERSION = 1;

export interface InstallRecord {
  recordVersion: typeof RECORD_VERSION;
  server: string;
  projectId: string;
  slug: string;
  version: string;
  channel: Channel;
  platform: Platform;
  /** Pinned on first use; moves only by the rotation rule (manifest.ts, trustedKey). */
  pinnedKey: PublicKey;
  /** The installed release's files, as its signed manifest listed them. */
  files: ManifestFile[];
  /** Every path the launcher put into the game folder, relative to it, with its sha256. */
  installed: InstalledPath[];
  updatedAt: string;
}

export const launcherFolderOf = (gameFolder: string) => path.join(gameFolder, LAUNCHER_FOLDER);
export const recordFileOf = (gameFolder: string) => path.join(launcherFolderOf(gameFolder), "install.json");
/** Partial downloads. */
export const partsFolderOf = (gameFolder: string) => path.join(launcherFolderOf(gameFolder), "downloads");
/** Archives kept after extraction, so a repair can re-extract an entry without downloading again. */
export const archivesFolderOf = (gameFolder: string) => path.join(launcherFolderOf(gameFolder), "archives");
export const archiveFileOf = (gameFolder: string, sha256: string) => path.join(archivesFolderOf(gameFolder), `${sha256}.zip`);

/** The folder's record, or null when nothing is installed there. */
export async function readRecord(gameFolder: string): Promise<InstallRecord | null> {
  const text = await readFile(recordFileOf(gameFolder), "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
  if (text === null) return null;
  let record: InstallRecord;
  try {
    record = JSON.parse(text) as InstallRecord;
  } catch {
    throw new LauncherError(
      `${recordFileOf(gameFolder)} is not valid JSON: the install record is damaged. Install again into a new folder.`,
    );
  }
  if (record.recordVersion !== RECORD_VERSION || !record.projectId || !Array.isArray(record.installed) || !record.pinnedKey)
    throw new LauncherError(`${recordFileOf(gameFolder)} is not an install record this launcher understands.`);
  return record;
}

/** The folder's record, or an error saying nothing is installed there. */
export async function requireRecord(gameFolder: string): Promise<InstallRecord> {
  const record = await readRecord(gameFolder);
  if (!record)
    throw new LauncherError(`Nothing is installed in ${gameFolder} (no ${path.join(LAUNCHER_FOLDER, "install.json")}). Use install first.`);
  return record;
}

/** Writes the record through a temporary file, so an interruption leaves the old one or the new one. */
export async function writeRecord(gameFolder: string, record: InstallRecord): Promise<void> {
  const file = recordFileOf(gameFolder);
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.tmp`;
    await writeFile(temporary, `${JSON.stringify(record, null, 2)}\n`);
    await rename(temporary, file);
  } catch (error) {
    throw explainFileError(error, file);
  }
}
