import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DATABASE_KIND_SUITES } from "./database-kind-suites";

const ROOT = path.join(import.meta.dirname, "../..");

function testFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".test.ts"))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.includes("node_modules"));
}

describe("the suites CI runs again on PostgreSQL and Redis", () => {
  it("exist", () => {
    expect(DATABASE_KIND_SUITES.filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
  });

  it("include every test that asks for PostgreSQL or Redis (else CI would never run it with them)", () => {
    const tests = ["app", "lib", "scripts", "components"]
      .flatMap(testFiles)
      .filter((file) => file !== "lib/testing/database-kind-suites.test.ts");
    const needing = tests.filter((file) =>
      /TEST_REDIS_URL|TEST_DATABASE_URL|CI_SERVICES|databaseKind|testRedisUrl/.test(readFileSync(path.join(ROOT, file), "utf8")),
    );
    expect(needing.length).toBeGreaterThan(5);
    expect(needing.filter((file) => !DATABASE_KIND_SUITES.includes(file))).toEqual([]);
    expect(readFileSync(path.join(ROOT, "vitest.config.ts"), "utf8")).toContain("DATABASE_KIND_SUITES");
  });
});
