/**
 * File names and paths inside an installed game's folder, as a launcher writes them: a file's install path, the
 * folder an archive extracts into, every entry of an archive, and the program the launcher starts
 * (launch settings). One rule for all of them, so that no path the API hands a launcher can point
 * outside its install folder or fail to be written on one of the systems it runs on.
 */

/** Characters no file name may hold: folder separators, what Windows forbids, control characters (C0, DEL, C1). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the class exists to find control characters in a file name
const FORBIDDEN_NAME_CHARACTERS = /[<>:"/\\|?*\u0000-\u001f\u007f-\u009f]/;
/**
 * Invisible formatting characters, which can make a name show as another: direction marks,
 * embeddings, overrides and isolates (`setup\u202Etxt.exe` shows as `setupexe.txt`), zero-width
 * spaces and joiners, the word joiner and invisible operators, the byte order mark: every format
 * character (Cf), line and paragraph separator, and default-ignorable code point (soft hyphen,
 * variation selectors, Hangul fillers, tags), which a system may draw as nothing.
 */
const INVISIBLE_NAME_CHARACTERS = /[\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
/** Windows opens the device instead of a file by these names, whatever the extension (`con.txt`, `nul.tar.gz`). */
const WINDOWS_DEVICE_NAMES = /^(?:con|prn|aux|nul|conin\$|conout\$|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])$/i;

/**
 * Why a launcher could not write a file by this name on every system it runs on, or null when it
 * can. Windows is the strictest: it refuses `< > : " | ? *`, drops a trailing dot or space (so
 * `game.exe.` would be written as another file), and reads device names as devices. Folders,
 * control characters and invisible formatting characters are refused everywhere. A name must be
 * in Unicode NFC (composed form): it is refused, not normalised, so the name stored is always the
 * one the uploader sent, and two spellings of one name (`e\u0301` and `\u00e9`) never both exist.
 */
export function fileNameFault(name: string): string | null {
  if (FORBIDDEN_NAME_CHARACTERS.test(name)) return 'Use a file name without folders, control characters or any of < > : " | ? *.';
  if (INVISIBLE_NAME_CHARACTERS.test(name))
    return "Use a file name without invisible characters (zero-width spaces, direction marks or overrides, byte order marks): they can disguise what a file is.";
  if (name.normalize("NFC") !== name)
    return "Write the file name in composed form (Unicode NFC): an accented letter as one character, not a letter followed by a combining accent.";
  if (/[. ]$/.test(name)) return "A file name may not end with a dot or a space.";
  if (WINDOWS_DEVICE_NAMES.test(name.split(".")[0]!.trimEnd()))
    return "Windows reserves CON, PRN, AUX, NUL, COM0-COM9 and LPT0-LPT9, also with an extension (con.txt): choose another file name.";
  return null;
}

/**
 * The name as a case-insensitive file system compares it: Windows and macOS see `Game.exe` and
 * `game.EXE` as one file. Upper- then lower-cased, so `ß` and `ss`, `ς` and `σ` count as one too.
 */
export function fileNameKey(name: string): string {
  return name.normalize("NFC").toUpperCase().toLowerCase();
}

/** At most this many characters in a whole path (Windows' classic MAX_PATH, less room for the install folder). */
export const MAX_INSTALL_PATH = 260;
/** At most this many characters in one folder or file name (what common file systems take). */
export const MAX_INSTALL_PATH_SEGMENT = 200;

/**
 * Why the path is not a safe relative path inside the game's folder, or null when it is: relative
 * (no leading slash, no drive letter such as C:), forward slashes only (no backslash), no empty, . or ..
 * segment, and every segment a name a launcher can write everywhere (fileNameFault: no control or
 * invisible characters, none of the characters Windows forbids, no trailing dot or space, no Windows device name
 * such as CON or com1.txt, Unicode NFC), at most MAX_INSTALL_PATH characters.
 */
export function installPathFault(path: string): string | null {
  if (path === "") return "Give a path inside the game's folder, such as bin/game.exe.";
  if (path.length > MAX_INSTALL_PATH) return `Use a path of at most ${MAX_INSTALL_PATH} characters.`;
  if (path.includes("\\")) return "Use forward slashes (/) in paths inside the game's folder, not backslashes.";
  if (path.startsWith("/") || /^[a-zA-Z]:/.test(path))
    return "Give a path relative to the game's folder, such as bin/game.exe: no leading / and no drive letter.";
  for (const segment of path.split("/")) {
    if (segment === "") return "A path inside the game's folder has no empty parts (no // and no / at its end).";
    if (segment === "." || segment === "..") return "A path inside the game's folder may not contain . or .. parts.";
    if (segment.length > MAX_INSTALL_PATH_SEGMENT) return `Use at most ${MAX_INSTALL_PATH_SEGMENT} characters per folder or file name.`;
    const fault = fileNameFault(segment);
    if (fault) return fault;
  }
  return null;
}

/**
 * A path as a case-insensitive file system compares it (fileNameKey): Bin/Game.exe and
 * bin/game.EXE are one file on Windows and macOS.
 */
export function installPathKey(path: string): string {
  return fileNameKey(path);
}

/** The path inner inside the folder (the game folder itself when the folder is null or empty). */
export function joinInstallPath(folder: string | null, inner: string): string {
  return folder ? `${folder}/${inner}` : inner;
}
