import { describe, expect, it } from "vitest";
import { DATABASE_KIND_SUITES } from "./database-kind-suites";
import { missingFiles, testFilesMatching, vitestConfig } from "./test-files";

describe("the suites CI runs again on PostgreSQL and Redis", () => {
  it("exist", () => {
    expect(missingFiles(DATABASE_KIND_SUITES)).toEqual([]);
  });

  it("include every test that asks for PostgreSQL or Redis (else CI would never run it with them)", () => {
    const needing = testFilesMatching(
      /TEST_REDIS_URL|TEST_DATABASE_URL|CI_SERVICES|databaseKind|testRedisUrl/,
      "lib/testing/database-kind-suites.test.ts",
    );
    expect(needing.length).toBeGreaterThan(5);
    expect(needing.filter((file) => !DATABASE_KIND_SUITES.includes(file))).toEqual([]);
    expect(vitestConfig()).toContain("DATABASE_KIND_SUITES");
  });
});
