import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
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

/** Runs `next build` when there is no build or a source is newer than it. */
export async function buildIfNeeded() {
  const buildId = path.join(root, ".next", "BUILD_ID");
  const sources = await Promise.all(
    ["app", "components", "lib", "public", "proxy.ts", "next.config.mjs", "package.json", "tsconfig.build.json"].map(async (name) => {
      const full = path.join(root, name);
      if (!existsSync(full)) return 0;
      return statSync(full).isDirectory() ? newestSource(full) : statSync(full).mtimeMs;
    }),
  );
  if (existsSync(buildId) && statSync(buildId).mtimeMs > Math.max(...sources)) return;
  console.log("Building the app (about a minute on a fresh clone)…");
  const result = spawnSync("npx", ["next", "build"], { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) throw new Error("next build failed");
}
