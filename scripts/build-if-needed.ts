import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";

const root = path.join(import.meta.dirname, "..");

/** The newest modification time under the folders the build depends on. */
async function newestSource(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // Tests and test helpers (lib/testing, where a test writes a generated client) are not part of the build.
    if (
      entry.name === "node_modules" ||
      entry.name.startsWith(".") ||
      entry.name === "generated" ||
      entry.name === "testing" ||
      /\.test\.tsx?$/.test(entry.name)
    )
      continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? await newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Runs `next build` when there is no build or a source is newer than it. Test files in parallel
 * processes may ask at once: one builds, the others wait for its lock and then find the build
 * current (two `next build` at once fail: "Another next build process is already running").
 */
export async function buildIfNeeded() {
  if (await buildIsCurrent()) return;
  await withBuildLock(async () => {
    if (await buildIsCurrent()) return;
    console.log("Building the app (about a minute on a fresh clone)…");
    const result = spawnSync("npx", ["next", "build"], { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
    if (result.status !== 0) throw new Error("next build failed");
  });
}

const LOCK = path.join(root, ".build-lock");
/** A lock older than this was left by a process that died mid-build. */
const STALE_LOCK_MS = 15 * 60_000;

async function withBuildLock(build: () => Promise<void>) {
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  try {
    await build();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

async function buildIsCurrent(): Promise<boolean> {
  const buildId = path.join(root, ".next", "BUILD_ID");
  const sources = await Promise.all(
    ["app", "components", "lib", "public", "proxy.ts", "next.config.mjs", "package.json", "tsconfig.build.json"].map(async (name) => {
      const full = path.join(root, name);
      if (!existsSync(full)) return 0;
      return statSync(full).isDirectory() ? newestSource(full) : statSync(full).mtimeMs;
    }),
  );
  return existsSync(buildId) && statSync(buildId).mtimeMs > Math.max(...sources);
}
