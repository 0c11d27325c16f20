/**
 * Paths inside the game's folder (issue 26): one rule (installPathFault) for install paths, archive
 * entries and the launch executable. Whatever it accepts stays inside the install folder on POSIX
 * and on Windows; fast-check mixes safe parts with hostile ones.
 */
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { installPathFault, joinInstallPath } from "./paths";

const RUNS = Number(process.env.FUZZ_RUNS ?? 1_000);
const SEED = process.env.FUZZ_SEED === "random" ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 20_261_126);

const SAFE_SEGMENT = fc
  .stringMatching(/^[A-Za-z0-9_-][A-Za-z0-9 ._-]{0,20}[A-Za-z0-9_-]$/)
  .filter((name) => !/^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i.test(name));
const HOSTILE_PART = fc.constantFrom(
  "..",
  ".",
  "",
  "\\",
  "..\\..",
  "/",
  "C:",
  "c:\\",
  "CON",
  "nul.txt",
  "com1.tar.gz",
  "LPT9",
  "aux ",
  "file.",
  "file ",
  "a\u0000b",
  "a\nb",
  "\u202Eexe.txt",
  "e\u0301",
  "a:b",
  "a*b",
  'a"b',
  "a?b",
  "a|b",
  "a<b",
  "x".repeat(201),
);
const PART = fc.oneof(
  { weight: 4, arbitrary: SAFE_SEGMENT },
  { weight: 1, arbitrary: HOSTILE_PART },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
);

/** Where a launcher would write `relative` when installing into `root`, on POSIX and on Windows. */
function staysInside(relative: string): boolean {
  const posix = path.posix.resolve("/games/demo", relative);
  const win = path.win32.resolve("D:\\games\\demo", relative);
  return posix.startsWith("/games/demo/") && win.toLowerCase().startsWith("d:\\games\\demo\\");
}

describe("installPathFault", () => {
  it.each([["bin/game.exe"], ["game.pak"], ["mods/a b/c-d_e.jar"], ["Data/Level 1/map.bin"]])("accepts %j", (value) =>
    expect(installPathFault(value)).toBeNull(),
  );

  it.each([
    ["", /Give a path/],
    ["../evil", /\. or \.\./],
    ["bin/../../evil", /\. or \.\./],
    ["./game", /\. or \.\./],
    ["/etc/passwd", /relative/],
    ["C:/Windows/cmd.exe", /relative/],
    ["c:game", /relative/],
    ["bin\\game.exe", /forward slashes/],
    ["bin//game", /empty parts/],
    ["bin/", /empty parts/],
    ["bin/CON", /Windows reserves/],
    ["bin/aux.txt", /Windows reserves/],
    ["bin/COM1.log", /Windows reserves/],
    ["bin/LPT3", /Windows reserves/],
    ["bin/game.", /dot or a space/],
    ["bin/game ", /dot or a space/],
    ["bin/ga\u0007me", /control characters/],
    ["bin/a:b", /< > :/],
    [`${"a/".repeat(130)}b`, /at most 260/],
    [`${"a".repeat(201)}/b`, /per folder or file name/],
  ])("refuses %j", (value, message) => expect(installPathFault(value)).toMatch(message));

  it("accepts every path of safe parts, and what it accepts stays in the install folder on POSIX and Windows (fuzz)", () => {
    fc.assert(
      fc.property(fc.array(SAFE_SEGMENT, { minLength: 1, maxLength: 8 }), (parts) => {
        const value = parts.join("/");
        expect(installPathFault(value)).toBeNull();
        expect(staysInside(value)).toBe(true);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    fc.assert(
      fc.property(fc.array(PART, { minLength: 1, maxLength: 6 }), fc.boolean(), (parts, leadingSlash) => {
        const value = `${leadingSlash ? "/" : ""}${parts.join("/")}`;
        const fault = installPathFault(value);
        if (fault === null) {
          expect(staysInside(value), value).toBe(true);
          expect(staysInside(joinInstallPath("mods", value)), value).toBe(true);
          expect(
            value.split("/").some((part) => part === ".." || part === "." || part === ""),
            value,
          ).toBe(false);
        } else expect(typeof fault).toBe("string");
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it("refuses a path with any hostile part, wherever it sits (fuzz)", () => {
    fc.assert(
      fc.property(
        fc.array(SAFE_SEGMENT, { maxLength: 3 }),
        HOSTILE_PART,
        fc.array(SAFE_SEGMENT, { maxLength: 3 }),
        (before, bad, after) => {
          expect(installPathFault([...before, bad, ...after].join("/")), JSON.stringify(bad)).not.toBeNull();
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
