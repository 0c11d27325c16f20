import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { BadRequest } from "../errors";
import { installPathFault, installPathKey, joinInstallPath } from "./paths";

/** One file of an archive as the manifest lists it: path relative to the game's folder. */
export interface ArchiveEntry {
  path: string;
  size: number;
  sha256: string;
}

/**
 * What an archive a launcher extracts may hold (docs/launcher.md, "Archives"). Expansion is
 * measured on the bytes really inflated, never taken from the archive's headers.
 */
export interface ArchiveLimits {
  /** Entries (files and folders) in the archive. */
  maxEntries: number;
  /** Bytes of all its files together, uncompressed. */
  maxTotalBytes: number;
  /** An entry that inflates past `ratioFloorBytes` may be at most this many times its compressed size. */
  maxRatio: number;
  ratioFloorBytes: number;
}

export const ARCHIVE_LIMITS: ArchiveLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 4 * 1024 ** 3,
  maxRatio: 200,
  ratioFloorBytes: 1024 ** 2,
};

/** File type bits of a Unix mode (the high 16 bits of an entry's external attributes). */
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

/** An entry's name as the refusal shows it: control characters escaped, at most 120 characters. */
function shown(name: string): string {
  const escaped = JSON.stringify(name).slice(1, -1);
  return escaped.length > 120 ? `${escaped.slice(0, 117)}...` : escaped;
}

const refuse = (detail: string) => new BadRequest(detail, "unsafe_archive");

function openZip(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    // Names are decoded here (decodeStrings off): yauzl would turn backslashes into slashes, and
    // every name is checked by our own path rule instead of yauzl's.
    yauzl.open(file, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true }, (error, zip) =>
      error || !zip
        ? reject(new BadRequest("The file is not a zip archive (or it is damaged): only zip archives can be extracted.", "invalid_archive"))
        : resolve(zip),
    );
  });
}

/** Every entry of the central directory, read without opening any. */
function readEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on("entry", (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once("end", () => resolve(entries));
    zip.once("error", () => reject(new BadRequest("The zip archive is damaged: its list of entries cannot be read.", "invalid_archive")));
    zip.readEntry();
  });
}

function entryName(entry: Entry): string {
  const raw = (entry as unknown as { fileNameRaw: Buffer }).fileNameRaw;
  // strict: keep backslashes as they are, so that the path rule refuses them.
  return yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, true);
}

/**
 * Reads a zip archive that a launcher will extract into `folder` (null: the game's folder) and
 * lists its files with size and sha256, refusing (400 `unsafe_archive`) what a launcher must not
 * extract: an entry whose path is not a safe path inside the folder (installPathFault: zip-slip
 * with `..`, absolute paths, backslashes, Windows device names), links and other special files,
 * encrypted entries, two entries with one path (ignoring case, as Windows and macOS do) or a file
 * where another entry needs a folder, and more than the limits: entries, total bytes and the
 * compression ratio, counted on the bytes really inflated. Not a zip archive: 400 `invalid_archive`.
 */
export async function inspectArchive(file: string, folder: string | null, limits: ArchiveLimits = ARCHIVE_LIMITS): Promise<ArchiveEntry[]> {
  const zip = await openZip(file);
  try {
    if (zip.entryCount > limits.maxEntries)
      throw refuse(`The archive has ${zip.entryCount} entries; at most ${limits.maxEntries} can be extracted.`);
    const entries = await readEntries(zip);
    const files: { entry: Entry; path: string }[] = [];
    const taken = new Map<string, string>();
    const folders = new Set<string>();
    let declared = 0;
    for (const entry of entries) {
      const name = entryName(entry);
      const isFolder = name.endsWith("/");
      const path = joinInstallPath(folder, isFolder ? name.slice(0, -1) : name);
      const fault = installPathFault(path);
      if (fault) throw refuse(`The archive entry "${shown(name)}" cannot be extracted safely: ${fault}`);
      const type = (entry.externalFileAttributes >>> 16) & S_IFMT;
      if (type !== 0 && type !== S_IFREG && type !== S_IFDIR)
        throw refuse(`The archive entry "${shown(name)}" is a link or a special file: archives may hold only files and folders.`);
      if (entry.isEncrypted()) throw refuse(`The archive entry "${shown(name)}" is encrypted: launchers cannot extract it.`);
      const key = installPathKey(path);
      const parts = key.split("/");
      for (let end = 1; end < parts.length; end++) folders.add(parts.slice(0, end).join("/"));
      if (isFolder) {
        folders.add(key);
        continue;
      }
      if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
        throw refuse(`The archive entry "${shown(name)}" uses a compression method launchers do not read: use deflate or none.`);
      const earlier = taken.get(key);
      if (earlier !== undefined)
        throw refuse(`The archive holds "${shown(earlier)}" and "${shown(path)}": one path twice (Windows and macOS ignore case).`);
      taken.set(key, path);
      declared += entry.uncompressedSize;
      files.push({ entry, path });
    }
    const clash = [...taken.keys()].find((key) => folders.has(key));
    if (clash !== undefined) throw refuse(`The archive has a file "${shown(taken.get(clash)!)}" where other entries need a folder.`);
    if (declared > limits.maxTotalBytes)
      throw refuse(`The archive expands to more than ${limits.maxTotalBytes} bytes; at most that much can be extracted.`);
    const budget = { remaining: limits.maxTotalBytes };
    const contents: ArchiveEntry[] = [];
    for (const { entry, path } of files) contents.push(await measureEntry(zip, entry, path, limits, budget));
    return contents;
  } finally {
    zip.close();
  }
}

/** Inflates one entry, hashing and counting its bytes, and stops as soon as a limit is passed. */
async function measureEntry(zip: ZipFile, entry: Entry, path: string, limits: ArchiveLimits, budget: { remaining: number }) {
  const stream = await new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, opened) => (error || !opened ? reject(error) : resolve(opened))),
  ).catch(() => {
    throw refuse(`The archive entry "${shown(path)}" cannot be read: the archive is damaged.`);
  });
  const hash = createHash("sha256");
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > budget.remaining)
        throw refuse(`The archive expands to more than ${limits.maxTotalBytes} bytes; at most that much can be extracted.`);
      if (size > limits.ratioFloorBytes && size > limits.maxRatio * Math.max(entry.compressedSize, 1))
        throw refuse(
          `The archive entry "${shown(path)}" expands more than ${limits.maxRatio} times its compressed size: archives like this (zip bombs) are refused.`,
        );
      hash.update(chunk);
    }
  } catch (error) {
    stream.destroy();
    if (error instanceof BadRequest) throw error;
    throw refuse(`The archive entry "${shown(path)}" cannot be read: the archive is damaged.`);
  }
  budget.remaining -= size;
  return { path, size, sha256: hash.digest("hex") };
}
