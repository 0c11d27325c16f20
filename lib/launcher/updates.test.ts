/** The launcher's channel and update rules (lib/launcher/updates.ts), issue 26. */
import { describe, expect, it } from "vitest";
import type { ReleaseChannel } from "../permissions";
import { channelTarget, filesToFetch, removedPaths, updateReason } from "./updates";

const release = (version: string, channel: ReleaseChannel = "STABLE") => ({ version, channel });
const file = (path: string, sha256 = "a", extract = false, contents?: string[]) => ({
  path,
  sha256,
  extract,
  ...(contents ? { contents: contents.map((entry) => ({ path: entry })) } : {}),
});

describe("channelTarget", () => {
  it("orders by semver, pre-releases below their release: 1.0.0-beta.2 < 1.0.0-beta.10 < 1.0.0", () => {
    const releases = [release("1.0.0-beta.2", "BETA"), release("1.0.0-beta.10", "BETA"), release("0.9.0")];
    expect(channelTarget(releases, "BETA")?.version).toBe("1.0.0-beta.10");
    expect(channelTarget([...releases, release("1.0.0")], "BETA")?.version).toBe("1.0.0");
    expect(channelTarget([release("1.9.0"), release("1.10.0"), release("1.2.0")], "STABLE")?.version).toBe("1.10.0");
  });

  it("a BETA channel never hides a newer STABLE release; STABLE never offers a pre-release", () => {
    const releases = [release("1.1.0-beta.1", "BETA"), release("1.2.0"), release("1.3.0-alpha.1", "ALPHA")];
    expect(channelTarget(releases, "STABLE")?.version).toBe("1.2.0");
    expect(channelTarget(releases, "BETA")?.version).toBe("1.2.0");
    expect(channelTarget(releases, "ALPHA")?.version).toBe("1.3.0-alpha.1");
    expect(channelTarget([release("2.0.0-beta.1", "BETA")], "STABLE")).toBeNull();
    expect(channelTarget([release("2.0.0-alpha.1", "ALPHA")], "BETA")).toBeNull();
    expect(channelTarget([], "ALPHA")).toBeNull();
  });
});

describe("updateReason", () => {
  it("offers only a strictly higher version: never a downgrade, nothing when current", () => {
    expect(updateReason({ version: "1.0.0", yanked: false }, "1.1.0")).toBe("UPGRADE");
    expect(updateReason({ version: "9.0.0", yanked: false }, "1.2.0")).toBeNull();
    expect(updateReason({ version: "1.2.0", yanked: false }, "1.2.0")).toBeNull();
    expect(updateReason({ version: "1.0.0", yanked: false }, "1.0.0+build.7")).toBeNull();
    expect(updateReason({ version: "1.0.0-beta.10", yanked: false }, "1.0.0-beta.2")).toBeNull();
    expect(updateReason({ version: "1.0.0-beta.2", yanked: false }, "1.0.0-beta.10")).toBe("UPGRADE");
    expect(updateReason({ version: "1.0.0-rc.1", yanked: false }, "1.0.0")).toBe("UPGRADE");
    expect(updateReason({ version: "1.0.0", yanked: false }, null)).toBeNull();
  });

  it("moves away from a yanked version, also to a lower one (the one downgrade allowed)", () => {
    expect(updateReason({ version: "1.1.0", yanked: true }, "1.0.1")).toBe("YANKED");
    expect(updateReason({ version: "1.0.0", yanked: true }, "1.0.1")).toBe("YANKED");
    expect(updateReason({ version: "1.1.0", yanked: true }, null)).toBeNull();
  });
});

describe("files to fetch and paths to remove", () => {
  it("fetches what the installed version lacks at the same place with the same bytes, everything when it is unknown", () => {
    const installed = [file("game.pak", "old"), file("engine.bin", "e"), file("mods", "m", true, ["mods/a.jar"])];
    const target = [file("game.pak", "new"), file("engine.bin", "e"), file("bin/engine.bin", "e"), file("mods", "m", true, ["mods/a.jar"])];
    expect(filesToFetch(installed, target).map((one) => one.path)).toEqual(["game.pak", "bin/engine.bin"]);
    expect(filesToFetch(null, target)).toHaveLength(4);
  });

  it("removes the installed paths (plain files and archive entries) the target no longer has, ignoring case", () => {
    const installed = [
      file("game.pak"),
      file("old.dll"),
      file("Readme.txt"),
      file("", "z", true, ["data/a.bin", "data/b.bin", "data/gone.bin"]),
    ];
    const target = [file("game.pak", "b"), file("readme.txt"), file("", "y", true, ["data/a.bin", "data/b.bin", "data/new.bin"])];
    expect(removedPaths(installed, target)).toEqual(["data/gone.bin", "old.dll"]);
    expect(removedPaths(target, target)).toEqual([]);
  });
});
