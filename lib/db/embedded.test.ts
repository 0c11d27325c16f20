import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirInUseError, lockDataDirectory } from "./embedded";

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
