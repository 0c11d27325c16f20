import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// One entry into a project (docs/architecture.md, "Opening a project for a request: inProject()"):
// services open a project with inProject() from lib/projects/access.ts, which loads it with the
// caller's access, guards the module and the permission, and builds the audit context with its
// override flag. These tests read the sources as text and fail on a second way in.

const ROOT = path.join(import.meta.dirname, "../..");
const ACCESS = "lib/projects/access.ts";
const THIS_FILE = "lib/projects/entry.test.ts";

function sources(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.includes("node_modules") && !file.startsWith("lib/db/generated") && file !== THIS_FILE);
}

const ALL = ["lib", "app", "components"].flatMap(sources);
const SERVICES = ALL.filter((file) => !/\.test\.tsx?$/.test(file));
const text = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const calling = (files: string[], pattern: RegExp) => files.filter((file) => pattern.test(text(file)));

/** Where the module guard is still called alone, and why. */
const MODULE_GUARD_EXCEPTIONS: Record<string, string> = {
  "lib/launcher/service.ts":
    "the launcher's own 404 (canUseInLauncher, 'project') comes before the module's ('page'), so the module is checked after inProject",
};

describe("opening a project for a request", () => {
  it("reads the sources of lib/, app/ and components/", () => {
    expect(SERVICES).toContain(ACCESS);
    expect(SERVICES).toContain("lib/members/service.ts");
    expect(SERVICES.some((file) => file.startsWith("app/"))).toBe(true);
  });

  it("has no auditFor copy anywhere: the audit context comes from inProject", () => {
    expect(calling(ALL, /function\s+auditFor\b/)).toEqual([]);
  });

  it("goes through inProject: no service calls loadProject directly", () => {
    expect(calling(SERVICES, /\bloadProject\(/)).toEqual([ACCESS]);
  });

  it("has no second entry next to inProject", () => {
    expect(calling(ALL, /\bauthorizeProject\b/)).toEqual([]);
  });

  it("guards modules through inProject's `module`, except where listed with the reason", () => {
    const alone = calling(SERVICES, /\brequireModule\(/).filter((file) => file !== ACCESS);
    expect(alone).toEqual(Object.keys(MODULE_GUARD_EXCEPTIONS));
  });
});
