import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, statSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { DataDirInUseError, lockDataDirectory, startEmbeddedDatabase } from "./embedded";

describe("the data folder lock", () => {
  it("refuses a second owner with a clear message while the first is alive", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "pums-lock-"));
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    await writeFile(path.join(dir, "pums.lock"), String(holder.pid));
    try {
      expect(() => lockDataDirectory(dir)).toThrow(DataDirInUseError);
      expect(() => lockDataDirectory(dir)).toThrow(/in use by another process \(pid \d+\)/);
    } finally {
      holder.kill();
    }
  });

  it("takes over the lock of a process that died, and releases it", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "pums-lock-"));
    await writeFile(path.join(dir, "pums.lock"), "999999");
    const release = lockDataDirectory(dir);
    expect(existsSync(path.join(dir, "pums.lock"))).toBe(true);
    release();
    expect(existsSync(path.join(dir, "pums.lock"))).toBe(false);
  });
});

describe("the embedded database server", () => {
  it("is served on a Unix socket inside the owner-only data folder, not on a TCP port", async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), "pums-emb-")), "data");
    const served = await startEmbeddedDatabase(dataDir);
    try {
      expect(served.url).not.toMatch(/127\.0\.0\.1|localhost:\d/);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      const client = new pg.Client({ connectionString: served.url });
      await client.connect();
      expect((await client.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
      await client.end();
    } finally {
      await served.stop();
    }
  }, 60_000);
});
