/**
 * Archives a launcher extracts (issue 26): their entries are listed with size and sha256, and what
 * a launcher must not extract is refused: zip-slip, absolute paths, links, encryption, duplicate
 * paths, and expansion over the limits (counted on the bytes really inflated). Archives are built
 * with yazl; names yazl will not write are put in afterwards (lib/testing/zip.ts).
 */
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BadRequest } from "../errors";
import { buildZip, type ZipEntrySpec } from "../testing/zip";
import { ARCHIVE_LIMITS, inspectArchive } from "./archive";
import { installPathFault, installPathKey, joinInstallPath } from "./paths";

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = process.env.FUZZ_SEED === "random" ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 20_261_126);
const folder = mkdtempSync(path.join(os.tmpdir(), "archive-test-"));
let counter = 0;

async function zipFile(entries: ZipEntrySpec[] | Buffer): Promise<string> {
  const file = path.join(folder, `${counter++}.zip`);
  writeFileSync(file, Buffer.isBuffer(entries) ? entries : await buildZip(entries));
  return file;
}

async function refusal(entries: ZipEntrySpec[] | Buffer, into: string | null = null, limits = ARCHIVE_LIMITS) {
  const error = await inspectArchive(await zipFile(entries), into, limits).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, "the archive should be refused").toBeInstanceOf(BadRequest);
  return error as BadRequest;
}

const sha256 = (text: string | Buffer) => createHash("sha256").update(text).digest("hex");

describe("inspectArchive", () => {
  it("lists every file entry with size and sha256, under the folder it extracts into", async () => {
    const file = await zipFile([
      { name: "bin/" },
      { name: "bin/game.exe", content: "program" },
      { name: "data/level 1/map.bin", content: "x".repeat(5000) },
      { name: "readme.txt", content: "", compress: false },
    ]);
    expect(await inspectArchive(file, null)).toEqual([
      { path: "bin/game.exe", size: 7, sha256: sha256("program") },
      { path: "data/level 1/map.bin", size: 5000, sha256: sha256("x".repeat(5000)) },
      { path: "readme.txt", size: 0, sha256: sha256("") },
    ]);
    expect((await inspectArchive(file, "mods/pack")).map((entry) => entry.path)).toEqual([
      "mods/pack/bin/game.exe",
      "mods/pack/data/level 1/map.bin",
      "mods/pack/readme.txt",
    ]);
  });

  it.each([
    ["../evil.sh", "zip-slip with .."],
    ["bin/../../evil.sh", "zip-slip in the middle"],
    ["/etc/cron.d/evil", "an absolute path"],
    ["C:/Windows/evil.dll", "a drive letter"],
    ["..\\..\\evil.bat", "backslashes"],
    ["bin/CON", "a Windows device name"],
    ["bin//game", "an empty part"],
  ])("refuses the entry %j (%s)", async (name) => {
    const error = await refusal([
      { name: "ok.txt", content: "fine" },
      { name, content: "evil" },
    ]);
    expect(error.code).toBe("unsafe_archive");
    expect(error.message).toMatch(/cannot be extracted safely/);
  });

  it("refuses links and special files (the Unix mode in the external attributes)", async () => {
    expect((await refusal([{ name: "link", content: "/etc/passwd", mode: 0o120777 }])).message).toMatch(/link or a special file/);
    expect((await refusal([{ name: "fifo", content: "", mode: 0o010644 }])).message).toMatch(/link or a special file/);
  });

  it("refuses encrypted entries, duplicates ignoring case, and a file where a folder is needed", async () => {
    expect((await refusal([{ name: "secret.bin", content: "x", encrypted: true }])).message).toMatch(/encrypted/);
    expect(
      (
        await refusal([
          { name: "Game.exe", content: "a" },
          { name: "game.EXE", content: "b" },
        ])
      ).message,
    ).toMatch(/one path twice/);
    expect(
      (
        await refusal([
          { name: "bin", content: "a" },
          { name: "bin/game", content: "b" },
        ])
      ).message,
    ).toMatch(/needs? a folder/);
  });

  it("refuses what is not a zip archive", async () => {
    const error = await refusal(Buffer.from("not a zip at all"));
    expect(error.code).toBe("invalid_archive");
  });

  it("refuses a zip bomb: an entry inflating more than 200 times its compressed size once past 1 MiB", async () => {
    const bomb = Buffer.alloc(3 * 1024 ** 2);
    const error = await refusal([{ name: "bomb.bin", content: bomb }]);
    expect(error.message).toMatch(/expands more than 200 times/);
    // Stored (not compressed), the same bytes are no bomb.
    expect(await inspectArchive(await zipFile([{ name: "big.bin", content: bomb, compress: false }]), null)).toHaveLength(1);
  });

  it("enforces the entry count and total size (small limits here; 10,000 entries and 4 GiB by default)", async () => {
    const limits = { ...ARCHIVE_LIMITS, maxEntries: 3, maxTotalBytes: 10_000 };
    const four = [1, 2, 3, 4].map((n) => ({ name: `f${n}`, content: "x" }));
    expect((await refusal(four, null, limits)).message).toMatch(/4 entries; at most 3/);
    const large = [
      { name: "a", content: Buffer.alloc(6000, 1) },
      { name: "b", content: Buffer.alloc(6000, 2) },
    ];
    expect((await refusal(large, null, limits)).message).toMatch(/more than 10000 bytes/);
  });

  it("counts the bytes really inflated, not the sizes the headers claim", async () => {
    // The headers say 10 bytes; the entry inflates to 20,000 (yauzl checks them too, with our message).
    const bytes = await buildZip([{ name: "liar.bin", content: Buffer.alloc(20_000, 7) }]);
    const lying = Buffer.from(bytes);
    for (const [signature, sizeAt] of [
      [0x04034b50, 22],
      [0x02014b50, 24],
    ] as const)
      for (
        let at = lying.indexOf(Buffer.from(new Uint32Array([signature]).buffer));
        at !== -1;
        at = lying.indexOf(Buffer.from(new Uint32Array([signature]).buffer), at + 1)
      )
        lying.writeUInt32LE(10, at + sizeAt);
    await refusal(lying, null, { ...ARCHIVE_LIMITS, maxTotalBytes: 15_000 });
  });

  it("accepts exactly the archives whose every entry is a safe path, once, and lists them inside the folder (fuzz)", async () => {
    const part = fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom("bin", "data", "Game.exe", "game.exe", "a b", "x.pak", "mods", "lib") },
      { weight: 1, arbitrary: fc.constantFrom("..", ".", "", "CON", "a:b", "\\", "/etc", "C:", "evil.", "\u202Ex") },
    );
    // Files only (a name ending in / is a folder entry), and never empty (no zip tool writes that).
    const name = fc
      .array(part, { minLength: 1, maxLength: 4 })
      .map((parts) => parts.join("/"))
      .filter((entry) => entry !== "" && !entry.endsWith("/"));
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(name, { minLength: 1, maxLength: 5 }), fc.constantFrom(null, "mods"), async (names, into) => {
        const entries = names.map((entry) => ({ name: entry, content: `content of ${entry}` }));
        const result = await inspectArchive(await zipFile(entries), into).then(
          (contents) => contents,
          (error: unknown) => {
            expect(error).toBeInstanceOf(BadRequest);
            return null;
          },
        );
        const paths = names.map((entry) => joinInstallPath(into, entry));
        const keys = paths.map(installPathKey);
        const folders = new Set(
          keys.flatMap((key) =>
            key
              .split("/")
              .slice(0, -1)
              .map((_, end, all) => all.slice(0, end + 1).join("/")),
          ),
        );
        const safe =
          paths.every((one) => installPathFault(one) === null) &&
          new Set(keys).size === keys.length &&
          !keys.some((key) => folders.has(key));
        expect(result !== null, JSON.stringify(names)).toBe(safe);
        if (result) {
          expect(result.map((entry) => entry.path)).toEqual(paths);
          for (const entry of result) expect(path.posix.resolve("/game", entry.path).startsWith("/game/")).toBe(true);
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
