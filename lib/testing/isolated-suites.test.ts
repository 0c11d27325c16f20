import { describe, expect, it } from "vitest";
import { ISOLATED_SUITES, NEEDS_ISOLATION } from "./isolated-suites";
import { missingFiles, testFilesMatching, vitestConfig } from "./test-files";

describe("the test files that run each in a fresh process", () => {
  it("exist", () => {
    expect(missingFiles(ISOLATED_SUITES)).toEqual([]);
  });

  it("include every file that writes process.env, mocks a module or lifts the API limit (it would leak into the files after it)", () => {
    const needing = testFilesMatching(NEEDS_ISOLATION, "lib/testing/isolated-suites.test.ts");
    expect(needing.length).toBeGreaterThan(10);
    expect(needing.filter((file) => !ISOLATED_SUITES.includes(file))).toEqual([]);
    expect(vitestConfig()).toContain("ISOLATED_SUITES");
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
