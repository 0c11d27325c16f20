import { LauncherError } from "./errors";

/** The file platforms of the manifest (DESIGN 8.2): operating system and processor. */
export const PLATFORMS = ["windows-x64", "windows-arm64", "linux-x64", "linux-arm64", "macos-x64", "macos-arm64"] as const;
export type Platform = (typeof PLATFORMS)[number];
/** Launch settings keep operating-system keys. */
export type LaunchOs = "windows" | "macos" | "linux";

const OS_NAMES: Partial<Record<NodeJS.Platform, LaunchOs>> = { win32: "windows", darwin: "macos", linux: "linux" };
const ARCH_NAMES: Partial<Record<string, string>> = { x64: "x64", arm64: "arm64" };

export function isPlatform(value: string): value is Platform {
  return (PLATFORMS as readonly string[]).includes(value);
}

/** This machine's platform name (process.platform and process.arch mapped to os-arch). */
export function detectPlatform(platform: NodeJS.Platform = process.platform, arch: string = process.arch): Platform {
  const name = `${OS_NAMES[platform] ?? platform}-${ARCH_NAMES[arch] ?? arch}`;
  if (!isPlatform(name))
    throw new LauncherError(
      `This machine (${platform} ${arch}) has no platform name: choose one with --platform (${PLATFORMS.join(", ")}).`,
    );
  return name;
}

export function osOf(platform: Platform): LaunchOs {
  return platform.split("-")[0] as LaunchOs;
}
