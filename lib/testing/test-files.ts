import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The repository's vitest files, for the tests that keep a list of some of them true
 * (lib/testing/database-kind-suites.ts, lib/testing/isolated-suites.ts).
 */
const ROOT = path.join(import.meta.dirname, "../..");

/** Every `*.test.ts` and `*.test.tsx` under app, lib, scripts and components, relative to the root. */
function testFiles(): string[] {
  return ["app", "lib", "scripts", "components"].flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.test\.tsx?$/.test(entry.name))
      .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
      .filter((file) => !file.includes("node_modules")),
  );
}

/** The test files whose text matches `pattern`, but for the file that asks (its examples would match). */
export function testFilesMatching(pattern: RegExp, asking: string): string[] {
  return testFiles().filter((file) => file !== asking && pattern.test(readFileSync(path.join(ROOT, file), "utf8")));
}

/** The files of `list` that do not exist. */
export function missingFiles(list: readonly string[]): string[] {
  return list.filter((file) => !existsSync(path.join(ROOT, file)));
}

/** vitest.config.ts's text: a list is only true if the configuration uses it. */
export function vitestConfig(): string {
  return readFileSync(path.join(ROOT, "vitest.config.ts"), "utf8");
}
