/**
 * Resumable downloads (scripts/launcher/download.ts) against a small local HTTP server that
 * answers Range and If-Range as the platform's download endpoint does: a pre-seeded part is
 * resumed from where it stopped, a download cut midway resumes on the next attempt, a part of
 * another content starts over, and bytes that do not match the sha256 are refused and dropped.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Api } from "./api";
import { download, partFileOf } from "./download";
import { progressFor, silentProgress } from "./progress";

const BODY = randomBytes(256 * 1024);
const SHA = createHash("sha256").update(BODY).digest("hex");

interface Seen {
  range: string | undefined;
  ifRange: string | undefined;
}
let seen: Seen[] = [];
/** Cut the connection after this many bytes of the next answer. */
let cutAfter: number | null = null;
/** What the server serves (another file's bytes for the mismatch case). */
let served = BODY;
/** Whether answers carry the ETag (a plain file server may not). */
let sendEtag = true;
let server: http.Server;
let api: Api;
let folder: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    seen.push({ range: request.headers.range, ifRange: request.headers["if-range"] as string | undefined });
    const etag = `"${createHash("sha256").update(served).digest("hex")}"`;
    const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? "");
    const partial = range && (!request.headers["if-range"] || request.headers["if-range"] === etag);
    const start = partial ? Number(range[1]) : 0;
    const bytes = served.subarray(start);
    response.writeHead(partial ? 206 : 200, {
      ...(sendEtag ? { etag } : {}),
      "content-length": bytes.length,
      ...(partial ? { "content-range": `bytes ${start}-${served.length - 1}/${served.length}` } : {}),
    });
    if (cutAfter !== null) {
      const cut = cutAfter;
      cutAfter = null;
      response.write(bytes.subarray(0, cut), () => setTimeout(() => response.socket?.destroy(), 20));
      return;
    }
    response.end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  api = new Api({ server: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "launcher-download-"));
  seen = [];
  cutAfter = null;
  served = BODY;
  sendEtag = true;
});
afterEach(() => rm(folder, { recursive: true, force: true }));

const target = { name: "game.bin", url: "/files/game.bin", size: BODY.length, sha256: SHA };
const parts = () => path.join(folder, ".launcher/downloads");
const destination = () => path.join(folder, "bin/game.bin");

describe("download", () => {
  it("fetches a whole file, checks it and moves it into place", async () => {
    await download(api, target, destination(), parts(), silentProgress);
    expect((await readFile(destination())).equals(BODY)).toBe(true);
    expect(seen).toEqual([{ range: undefined, ifRange: undefined }]);
    await expect(stat(partFileOf(parts(), SHA))).rejects.toThrow();
  });

  it("resumes a pre-seeded partial file with Range and If-Range", async () => {
    await mkdir(parts(), { recursive: true });
    await writeFile(partFileOf(parts(), SHA), BODY.subarray(0, 100_000));
    await download(api, target, destination(), parts(), silentProgress);
    expect(seen).toEqual([{ range: "bytes=100000-", ifRange: `"${SHA}"` }]);
    expect((await readFile(destination())).equals(BODY)).toBe(true);
  });

  it("resumes after a download cut midway", async () => {
    cutAfter = 64 * 1024;
    await expect(download(api, target, destination(), parts(), silentProgress)).rejects.toThrow();
    const kept = (await stat(partFileOf(parts(), SHA))).size;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(BODY.length);
    await download(api, target, destination(), parts(), silentProgress);
    expect(seen.at(-1)).toEqual({ range: `bytes=${kept}-`, ifRange: `"${SHA}"` });
    expect((await readFile(destination())).equals(BODY)).toBe(true);
  });

  it("refuses a file whose ETag is not the manifest's sha256", async () => {
    served = randomBytes(1000);
    await expect(download(api, target, destination(), parts(), silentProgress)).rejects.toThrow(/another file .* than the manifest names/);
    await expect(stat(destination())).rejects.toThrow();
  });

  it("refuses bytes that do not match the sha256 and drops the part", async () => {
    sendEtag = false;
    served = Buffer.from(BODY);
    served[1000] ^= 0xff;
    await expect(download(api, target, destination(), parts(), silentProgress)).rejects.toThrow(/sha256 mismatch for game\.bin/);
    await expect(stat(partFileOf(parts(), SHA))).rejects.toThrow();
    await expect(stat(destination())).rejects.toThrow();
  });

  it.runIf(existsSync("/dev/full"))("says the disk is full (ENOSPC) in a sentence", async () => {
    await mkdir(parts(), { recursive: true });
    // /dev/full answers every write with ENOSPC, as a full disk does.
    await symlink("/dev/full", partFileOf(parts(), SHA));
    await expect(download(api, target, destination(), parts(), silentProgress)).rejects.toThrow(
      /^The disk is full: could not write .*\.part\. Free some space and run the command again \(downloads resume\)\.$/,
    );
  });

  it("a complete part is checked and used without asking the server", async () => {
    await mkdir(parts(), { recursive: true });
    await writeFile(partFileOf(parts(), SHA), BODY);
    await download(api, target, destination(), parts(), silentProgress);
    expect(seen).toEqual([]);
    expect((await readFile(destination())).equals(BODY)).toBe(true);
  });
});

describe("progress", () => {
  const streamOf = (isTTY: boolean) => {
    const written: string[] = [];
    return { written, stream: { isTTY, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream };
  };

  it("draws a bar in place on a terminal", async () => {
    const { written, stream } = streamOf(true);
    await download(api, target, destination(), parts(), progressFor(stream));
    expect(written[0]).toMatch(/^\rgame\.bin \[-{30}\] 0% 0 B\/256\.0 KiB$/);
    expect(written.at(-2)).toMatch(/^\rgame\.bin \[#{30}\] 100% 256\.0 KiB\/256\.0 KiB$/);
    expect(written.at(-1)).toBe("\n");
  });

  it("writes one plain line per file elsewhere, saying where it resumed", async () => {
    const { written, stream } = streamOf(false);
    await mkdir(parts(), { recursive: true });
    await writeFile(partFileOf(parts(), SHA), BODY.subarray(0, 1024));
    await download(api, target, destination(), parts(), progressFor(stream));
    expect(written).toEqual(["Downloaded game.bin (256.0 KiB, resumed at 1.0 KiB)\n"]);
  });
});
