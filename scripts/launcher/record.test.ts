/**
 * The install record (`<dir>/.launcher/install.json`) and the sign-in store (0600, per server):
 * they round-trip, a damaged or foreign record is refused with a sentence, and `verify`'s check of
 * installed paths tells intact, changed and missing apart.
 */
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { configFolder, signInFor, storeSignIn } from "./config";
import { checkPaths } from "./game";
import { type InstallRecord, readRecord, recordFileOf, requireRecord, writeRecord } from "./record";
import { sha256Of } from "./test-zips";

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "launcher-record-"));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

const RECORD: InstallRecord = {
  recordVersion: 1,
  server: "http://127.0.0.1:3000",
  projectId: "p1",
  slug: "skyforge",
  version: "1.0.0",
  channel: "STABLE",
  platform: "linux-x64",
  pinnedKey: { keyId: "k1", algorithm: "Ed25519", publicKey: "abc" },
  files: [],
  installed: [
    { path: "a.txt", size: 1, sha256: sha256Of("a"), fileId: "f1" },
    { path: "data/b.txt", size: 1, sha256: sha256Of("b"), fileId: "f2" },
    { path: "data/c.txt", size: 1, sha256: sha256Of("c"), fileId: "f2" },
  ],
  updatedAt: "2026-11-26T00:00:00.000Z",
};

describe("install record", () => {
  it("round-trips through .launcher/install.json", async () => {
    expect(await readRecord(folder)).toBeNull();
    await writeRecord(folder, RECORD);
    expect(recordFileOf(folder)).toBe(path.join(folder, ".launcher", "install.json"));
    expect(await readRecord(folder)).toEqual(RECORD);
  });

  it("refuses a damaged or foreign record, and says when nothing is installed", async () => {
    await expect(requireRecord(folder)).rejects.toThrow(/Nothing is installed/);
    await mkdir(path.join(folder, ".launcher"));
    await writeFile(recordFileOf(folder), "{not json");
    await expect(readRecord(folder)).rejects.toThrow(/not valid JSON/);
    await writeFile(recordFileOf(folder), JSON.stringify({ ...RECORD, recordVersion: 9 }));
    await expect(readRecord(folder)).rejects.toThrow(/not an install record this launcher understands/);
  });

  it("tells intact, changed and missing paths apart", async () => {
    await mkdir(path.join(folder, "data"));
    await writeFile(path.join(folder, "a.txt"), "a");
    await writeFile(path.join(folder, "data/b.txt"), "B");
    const states = await checkPaths(folder, RECORD.installed);
    expect(states.map((checked) => [checked.path.path, checked.state])).toEqual([
      ["a.txt", "intact"],
      ["data/b.txt", "changed"],
      ["data/c.txt", "missing"],
    ]);
  });
});

describe("sign-in store", () => {
  it("keeps a token per server in a 0600 file under XDG_CONFIG_HOME", async () => {
    const env = { XDG_CONFIG_HOME: folder };
    expect(configFolder(env)).toBe(path.join(folder, "pums-launcher"));
    expect(configFolder({ XDG_CONFIG_HOME: "relative" })).toBe(path.join(os.homedir(), ".config", "pums-launcher"));
    const file = await storeSignIn("http://a", { tokenId: "t1", token: "secret-a", expiresAt: null, signedInAt: "now" }, env);
    await storeSignIn("http://b", { tokenId: "t2", token: "secret-b", expiresAt: "2000-01-01T00:00:00.000Z", signedInAt: "now" }, env);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    expect((await signInFor("http://a", env))?.token).toBe("secret-a");
    expect(await signInFor("http://b", env)).toBeNull();
    expect(await signInFor("http://c", env)).toBeNull();
    expect(JSON.parse(await readFile(file, "utf8")).servers["http://b"].token).toBe("secret-b");
  });
});
