import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ISOLATED_SUITES, NEEDS_ISOLATION } from "./isolated-suites";

const ROOT = path.join(import.meta.dirname, "../..");

function testFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.includes("node_modules"));
}

describe("the test files that run each in a fresh process", () => {
  it("exist", () => {
    expect(ISOLATED_SUITES.filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
  });

  it("include every file that writes process.env, mocks a module or lifts the API limit (it would leak into the files after it)", () => {
    const tests = ["app", "lib", "scripts", "components"]
      .flatMap(testFiles)
      .filter((file) => file !== "lib/testing/isolated-suites.test.ts");
    const needing = tests.filter((file) => NEEDS_ISOLATION.test(readFileSync(path.join(ROOT, file), "utf8")));
    expect(needing.length).toBeGreaterThan(10);
    expect(needing.filter((file) => !ISOLATED_SUITES.includes(file))).toEqual([]);
    expect(readFileSync(path.join(ROOT, "vitest.config.ts"), "utf8")).toContain("ISOLATED_SUITES");
  });

  it("are recognised by what they do", () => {
    for (const text of [
      'process.env.S3_BUCKET = "b";',
      'process.env["X"] = "1";',
      "Object.assign(process.env, { A: '1' });",
      "delete process.env.SMTP_URL;",
      'vi.mock("../db/client");',
      "const env = vi.hoisted(() => 1);",
      'import "@/lib/testing/unlimited-api-rate";',
    ]) {
      expect(NEEDS_ISOLATION.test(text), text).toBe(true);
    }
    for (const text of ["if (process.env.CI === 'true') {}", "const port = process.env.PORT;", "vi.fn()"]) {
      expect(NEEDS_ISOLATION.test(text), text).toBe(false);
    }
  });
});
