/**
 * The command line (scripts/launcher/cli.ts) and the platform names: usage errors exit 2 with the
 * usage, folders are taken from where `npm run` was called, and this machine's platform maps to
 * the manifest's os-arch names.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { folderArgument, run } from "./cli";
import { UsageError } from "./errors";
import { detectPlatform, osOf } from "./platform";

describe("command line", () => {
  it.each([
    [["frobnicate"], /Unknown command "frobnicate"/],
    [["install", "only-a-slug"], /install takes 2 argument\(s\)/],
    [["verify", "a", "b"], /verify takes 1 argument\(s\)/],
    [["list", "--colour"], /Unknown option '--colour'/],
    [["verify", "dir", "--", "x"], /Only start passes arguments after --/],
    [["install", "s", "d", "--channel", "NIGHTLY"], /Unknown channel "NIGHTLY"/],
    [["install", "s", "d", "--platform", "amiga-68k"], /Unknown platform "amiga-68k"/],
  ])("%j is a usage error (exit 2)", async (argv, message) => {
    const attempt = run(argv);
    await expect(attempt).rejects.toBeInstanceOf(UsageError);
    await expect(attempt).rejects.toThrow(message);
    await expect(attempt).rejects.toMatchObject({ exitCode: 2 });
  });

  it("takes relative folders from where npm run was called (INIT_CWD)", () => {
    expect(folderArgument("games/x", { INIT_CWD: "/home/ana" })).toBe(path.join("/home/ana", "games/x"));
    expect(folderArgument("/abs/x", { INIT_CWD: "/home/ana" })).toBe("/abs/x");
    expect(folderArgument("x", {})).toBe(path.resolve("x"));
  });
});

describe("platform names", () => {
  it.each([
    ["linux", "x64", "linux-x64", "linux"],
    ["linux", "arm64", "linux-arm64", "linux"],
    ["win32", "x64", "windows-x64", "windows"],
    ["win32", "arm64", "windows-arm64", "windows"],
    ["darwin", "x64", "macos-x64", "macos"],
    ["darwin", "arm64", "macos-arm64", "macos"],
  ] as const)("%s %s is %s (launch settings: %s)", (platform, arch, name, os) => {
    expect(detectPlatform(platform, arch)).toBe(name);
    expect(osOf(name)).toBe(os);
  });

  it("asks for --platform on a machine without a name", () => {
    expect(() => detectPlatform("freebsd", "x64")).toThrow(/choose one with --platform/);
    expect(() => detectPlatform("linux", "ia32")).toThrow(/choose one with --platform/);
  });
});
