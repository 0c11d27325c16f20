/**
 * Safe extraction (scripts/launcher/archive.ts): a well-formed archive lands in its folder and
 * matches `contents`; zip-slip, absolute paths, links, entries the manifest does not list, lying
 * sizes and wrong bytes are refused, and nothing is written outside the game folder.
 */
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { extractArchive, UnsafeArchive } from "./archive";
import { insideFolder, unsafePathReason } from "./paths";
import { contentsOf, renameInZip, sha256Of, type ZipEntry, zipOf } from "./test-zips";

let root: string;
let game: string;
let archive: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "launcher-archive-"));
  game = path.join(root, "game");
  archive = path.join(root, "a.zip");
});
afterEach(() => rm(root, { recursive: true, force: true }));

const ENTRIES: ZipEntry[] = [
  { name: "bin/", data: "" },
  { name: "bin/run.sh", data: "#!/bin/sh\necho hi\n", mode: 0o100755 },
  { name: "data/level1.dat", data: "level one" },
  { name: "readme.txt", data: "hello" },
];

async function extract(
  entries: ZipEntry[],
  bytes?: Buffer,
  options: { folder?: string; contents?: ReturnType<typeof contentsOf>; only?: Set<string> } = {},
) {
  await writeFile(archive, bytes ?? (await zipOf(entries)));
  const folder = options.folder ?? "";
  return extractArchive(archive, {
    name: "a.zip",
    gameFolder: game,
    folder,
    contents: options.contents ?? contentsOf(entries, folder),
    only: options.only,
  });
}

/** Everything under the temporary root, so a test sees any byte written outside the game folder. */
async function everything() {
  return (await readdir(root, { recursive: true })).map(String).sort();
}

describe("extracting an archive", () => {
  it("writes every entry into the archive's folder, checked against contents, keeping the executable bit", async () => {
    const written = await extract(ENTRIES, undefined, { folder: "game-data" });
    expect(written.sort()).toEqual(["game-data/bin/run.sh", "game-data/data/level1.dat", "game-data/readme.txt"]);
    expect(await readFile(path.join(game, "game-data/data/level1.dat"), "utf8")).toBe("level one");
    expect((await stat(path.join(game, "game-data/bin/run.sh"))).mode & 0o111).not.toBe(0);
    expect((await everything()).filter((name) => name.endsWith(".launcher-tmp"))).toEqual([]);
  });

  it("extracts only the entries asked for", async () => {
    expect(await extract(ENTRIES, undefined, { only: new Set(["readme.txt"]) })).toEqual(["readme.txt"]);
    expect(await readdir(game)).toEqual(["readme.txt"]);
  });

  const refusals: [string, () => Promise<Buffer>, RegExp][] = [
    [
      "zip-slip (..)",
      async () => renameInZip(await zipOf([{ name: "xx/evil.txt", data: "x" }]), "xx/evil.txt", "../evil.txt"),
      /relative path|leaves its folder/,
    ],
    [
      "zip-slip deeper (a/../../)",
      async () => renameInZip(await zipOf([{ name: "a/xx/xx/evil.txt", data: "x" }]), "a/xx/xx/evil.txt", "a/../../evil.txt"),
      /relative path|leaves its folder/,
    ],
    [
      "an absolute path",
      async () => renameInZip(await zipOf([{ name: "xtmp/evil.txt", data: "x" }]), "xtmp/evil.txt", "/tmp/evil.txt"),
      /absolute/,
    ],
    ["a drive letter", async () => renameInZip(await zipOf([{ name: "xxevil.txt", data: "x" }]), "xxevil.txt", "C:evil.txt"), /absolute/],
    [
      "a backslash",
      async () => renameInZip(await zipOf([{ name: "a_evil.txt", data: "x" }]), "a_evil.txt", "a\\evil.txt"),
      /backslash|invalid characters/,
    ],
    ["a symbolic link", () => zipOf([{ name: "link", data: "/etc/passwd", mode: 0o120777 }]), /symbolic link/],
    ["a device or fifo", () => zipOf([{ name: "fifo", data: "", mode: 0o010644 }]), /special file/],
    ["the launcher's own folder", () => zipOf([{ name: ".launcher/install.json", data: "{}" }]), /\.launcher/],
  ];
  it.each(refusals)("refuses %s and writes nothing", async (_case, build, message) => {
    const bytes = await build();
    const attempt = extract([], bytes, { contents: [{ path: "evil.txt", size: 1, sha256: sha256Of("x") }] });
    await expect(attempt).rejects.toBeInstanceOf(UnsafeArchive);
    await expect(attempt).rejects.toThrow(message);
    expect(await everything()).toEqual(["a.zip"]);
  });

  it("refuses an entry the manifest's contents does not list", async () => {
    await expect(extract(ENTRIES, undefined, { contents: contentsOf(ENTRIES).slice(1) })).rejects.toThrow(/not in the manifest's contents/);
    expect(await everything()).toEqual(["a.zip"]);
  });

  it("refuses an archive that lacks an entry of contents", async () => {
    const contents = [...contentsOf(ENTRIES), { path: "missing.dat", size: 1, sha256: sha256Of("m") }];
    await expect(extract(ENTRIES, undefined, { contents })).rejects.toThrow(/lacks missing\.dat/);
  });

  it("refuses expansion beyond the declared size (a zip bomb declares little and expands much)", async () => {
    const bomb: ZipEntry[] = [{ name: "big.bin", data: Buffer.alloc(5 * 1024 * 1024) }];
    const contents = [{ path: "big.bin", size: 1024, sha256: sha256Of("") }];
    await expect(extract(bomb, undefined, { contents })).rejects.toThrow(/5242880 bytes, the manifest 1024/);
    expect(await everything()).toEqual(["a.zip"]);
  });

  it("refuses an entry whose bytes do not match its sha256 and leaves no partial file", async () => {
    const contents = contentsOf(ENTRIES).map((entry) => (entry.path === "readme.txt" ? { ...entry, sha256: sha256Of("HELLO") } : entry));
    await expect(extract(ENTRIES, undefined, { contents })).rejects.toThrow(/sha256 mismatch for readme\.txt/);
    expect((await everything()).filter((name) => name.includes("readme"))).toEqual([]);
  });

  it("refuses what is not a zip archive", async () => {
    await expect(extract([], Buffer.from("not a zip"), { contents: [] })).rejects.toThrow(/not a readable zip archive/);
  });
});

describe("paths inside the game folder", () => {
  it.each([
    ["bin/game", null],
    ["a/b/c.txt", null],
    ["", "it is empty"],
    ["/etc/passwd", "it is absolute"],
    ["C:/game.exe", "it is absolute"],
    ["../up", "it leaves its folder (`..`, `.` or `//`)"],
    ["a/../../up", "it leaves its folder (`..`, `.` or `//`)"],
    ["a//b", "it leaves its folder (`..`, `.` or `//`)"],
    ["a\\b", "it contains a backslash"],
    ["a\u0000b", "it contains a control character"],
    [".launcher/install.json", "it points into .launcher/"],
  ])("%j: %s", (relative, reason) => {
    expect(unsafePathReason(relative)).toBe(reason);
    expect(insideFolder("/games/x", relative) === null).toBe(reason !== null);
  });
});
