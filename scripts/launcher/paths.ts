import path from "node:path";

/** The launcher's own folder inside a game folder: its record, partial downloads and kept archives. */
export const LAUNCHER_FOLDER = ".launcher";

/**
 * Why `relative` is not a safe path inside a game folder, or null when it is: relative, forward
 * slashes, no `.` or `..` segments, no empty segments, no control characters, and not inside the
 * launcher's own folder. The server refuses such paths at upload (DESIGN 8.2); the launcher checks
 * again, since it writes and deletes what a manifest names.
 */
export function unsafePathReason(relative: string): string | null {
  if (relative === "") return "it is empty";
  if (relative.includes("\\")) return "it contains a backslash";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(relative)) return "it contains a control character";
  if (relative.startsWith("/") || /^[a-zA-Z]:/.test(relative)) return "it is absolute";
  const segments = relative.replace(/\/$/, "").split("/");
  if (segments.some((segment) => segment === ".." || segment === "." || segment === "")) return "it leaves its folder (`..`, `.` or `//`)";
  if (segments[0] === LAUNCHER_FOLDER) return `it points into ${LAUNCHER_FOLDER}/`;
  return null;
}

/** The absolute path of `relative` inside `root`, or null when it is unsafe or would land outside. */
export function insideFolder(root: string, relative: string): string | null {
  if (unsafePathReason(relative)) return null;
  const base = path.resolve(root);
  const full = path.resolve(base, relative);
  return full.startsWith(base + path.sep) ? full : null;
}

/** `folder/name` for a path relative to the game folder, where folder "" (or ".") is the game folder itself. */
export function joinGamePath(folder: string, name: string): string {
  const base = folder.replace(/\/+$/, "");
  return base === "" || base === "." ? name : `${base}/${name}`;
}
