/**
 * Safe extraction of a zip archive into a folder of the game, read with yauzl. Refused, before a
 * byte is written outside the folder: entries with absolute paths, `..`, backslashes, links or
 * other special files, encrypted entries, entries the manifest's `contents` does not list, and
 * expansion beyond what `contents` declares (a zip bomb cannot write more than the manifest said)
 * or beyond the hard caps below. Each entry is written to a temporary file, checked against its
 * sha256 in `contents`, then moved into place.
 */
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { chmod, mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";
import { explainFileError, LauncherError } from "./errors";
import { insideFolder, joinGamePath, unsafePathReason } from "./paths";

/** At most this many entries in one archive. */
export const MAX_ENTRIES = 100_000;
/** At most this many bytes extracted from one archive, whatever `contents` says. */
export const MAX_TOTAL_BYTES = 32 * 1024 ** 3;

export interface ExpectedEntry {
  /** Relative to the game folder. */
  path: string;
  size: number;
  sha256: string;
}

export class UnsafeArchive extends LauncherError {
  constructor(archive: string, reason: string) {
    super(`Refusing the archive ${archive}: ${reason}.`);
    this.name = "UnsafeArchive";
  }
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

/** The Unix file type and mode an entry carries (zip made on Unix), or null (made elsewhere: a plain file). */
function unixModeOf(entry: yauzl.Entry): number | null {
  const madeBy = entry.versionMadeBy >> 8;
  const mode = (entry.externalFileAttributes >>> 16) & 0xffff;
  return madeBy === 3 && mode !== 0 ? mode : null;
}

export interface ExtractOptions {
  /** The archive's name, for messages. */
  name: string;
  /** The game folder. */
  gameFolder: string;
  /** The archive's folder relative to the game folder ("" for the game folder itself). */
  folder: string;
  /** Every entry the archive holds (DESIGN 8.2 `contents`), paths relative to the game folder. */
  contents: ExpectedEntry[];
  /** Extract only these paths (relative to the game folder); all when absent. */
  only?: Set<string>;
}

/**
 * Extracts `zipFile` as described by `options`. Returns the paths written. Throws UnsafeArchive
 * (nothing more is written once it is found) or a sha256 mismatch.
 */
export async function extractArchive(zipFile: string, options: ExtractOptions): Promise<string[]> {
  const { name, gameFolder, folder, contents, only } = options;
  const expected = new Map(contents.map((entry) => [entry.path, entry]));
  const declaredTotal = contents.reduce((sum, entry) => sum + entry.size, 0);
  if (declaredTotal > MAX_TOTAL_BYTES)
    throw new UnsafeArchive(name, `its contents add up to ${declaredTotal} bytes, over the cap of ${MAX_TOTAL_BYTES}`);
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(zipFile, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true, autoClose: false });
  } catch (error) {
    throw new UnsafeArchive(name, `it is not a readable zip archive (${(error as Error).message})`);
  }
  try {
    if (zip.entryCount > MAX_ENTRIES) throw new UnsafeArchive(name, `it has ${zip.entryCount} entries, over the cap of ${MAX_ENTRIES}`);
    // First every entry is checked (the central directory only), then anything is written.
    const files: { entry: yauzl.Entry; target: string; wanted: ExpectedEntry; mode: number | null }[] = [];
    const found = new Set<string>();
    let total = 0;
    const entries = zip.eachEntry();
    for (;;) {
      // yauzl itself refuses some unsafe names (absolute, `..`, backslashes): say so as a refusal.
      const next = await entries.next().catch((error: Error) => {
        throw new UnsafeArchive(name, error.message);
      });
      if (next.done) break;
      const entry = next.value;
      const reason = unsafePathReason(entry.fileName);
      if (reason) throw new UnsafeArchive(name, `the entry ${JSON.stringify(entry.fileName)} is unsafe: ${reason}`);
      const mode = unixModeOf(entry);
      const type = mode === null ? null : mode & S_IFMT;
      if (type !== null && type !== S_IFREG && type !== S_IFDIR)
        throw new UnsafeArchive(
          name,
          `the entry ${entry.fileName} is a ${type === 0o120000 ? "symbolic link" : "special file"}, not a file`,
        );
      if (entry.isEncrypted()) throw new UnsafeArchive(name, `the entry ${entry.fileName} is encrypted`);
      const gamePath = joinGamePath(folder, entry.fileName.replace(/\/$/, ""));
      const target = insideFolder(gameFolder, gamePath);
      if (!target) throw new UnsafeArchive(name, `the entry ${entry.fileName} would land outside the game folder`);
      if (entry.fileName.endsWith("/") || type === S_IFDIR) continue;
      const wanted = expected.get(gamePath);
      if (!wanted) throw new UnsafeArchive(name, `the entry ${entry.fileName} is not in the manifest's contents`);
      if (found.has(gamePath)) throw new UnsafeArchive(name, `the entry ${entry.fileName} appears twice`);
      found.add(gamePath);
      if (entry.uncompressedSize !== wanted.size)
        throw new UnsafeArchive(name, `the entry ${entry.fileName} says ${entry.uncompressedSize} bytes, the manifest ${wanted.size}`);
      total += entry.uncompressedSize;
      if (total > declaredTotal) throw new UnsafeArchive(name, "it expands beyond the size its contents declare");
      files.push({ entry, target, wanted, mode });
    }
    const absent = contents.filter((entry) => !found.has(entry.path));
    if (absent.length > 0)
      throw new UnsafeArchive(name, `it lacks ${absent.map((entry) => entry.path).join(", ")}, listed in the manifest`);
    const written: string[] = [];
    for (const file of files) {
      if (only && !only.has(file.wanted.path)) continue;
      await writeEntry(zip, file.entry, file.target, file.wanted, name, file.mode);
      written.push(file.wanted.path);
    }
    return written;
  } finally {
    zip.close();
  }
}

async function writeEntry(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  target: string,
  wanted: ExpectedEntry,
  name: string,
  mode: number | null,
) {
  const temporary = `${target}.launcher-tmp`;
  const hash = createHash("sha256");
  let bytes = 0;
  // validateEntrySizes already stops a stream that lies about its size; this counts again, cheaply.
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > wanted.size) return callback(new UnsafeArchive(name, `the entry ${entry.fileName} expands beyond ${wanted.size} bytes`));
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  try {
    await mkdir(path.dirname(target), { recursive: true });
    await pipeline(await zip.openReadStreamPromise(entry), counter, createWriteStream(temporary));
  } catch (error) {
    await rm(temporary, { force: true });
    throw explainFileError(error, target);
  }
  const digest = hash.digest("hex");
  if (digest !== wanted.sha256) {
    await rm(temporary, { force: true });
    throw new LauncherError(`sha256 mismatch for ${wanted.path} in ${name}: expected ${wanted.sha256}, got ${digest}.`);
  }
  // Keep the executable bits of a Unix archive (a game's start script), never setuid or the like.
  if (mode !== null && mode & 0o111) await chmod(temporary, 0o755);
  await rename(temporary, target);
}
