/**
 * File names (issue 23, finding 12): a launcher writes every file by its name, on Windows too, so
 * the one schema for file names (upload API, OpenAPI document, the portal's upload form) refuses
 * what some system could not write or would read as something else.
 */
import { describe, expect, it } from "vitest";
import { fileNameFault } from "./paths";
import { uploadQuerySchema } from "./schemas";

const UNSAFE = [
  ["a:b.txt", "a colon (drive letters, NTFS streams)"],
  ["what?.txt", "a question mark"],
  ["star*.bin", "an asterisk"],
  ['say "hi".txt', "a double quote"],
  ["a<b.txt", "a less-than sign"],
  ["a>b.txt", "a greater-than sign"],
  ["a|b.txt", "a pipe"],
  ["game.exe.", "a trailing dot"],
  ["game.exe ", "a trailing space"],
  [".", "a lone dot"],
  ["..", "two dots"],
  ["   ", "only spaces"],
  ["CON", "a device name"],
  ["con.txt", "a device name with an extension"],
  ["Nul.tar.gz", "a device name with two extensions"],
  ["PRN", "PRN"],
  ["aux.log", "AUX"],
  ["COM1", "COM1"],
  ["com9.dat", "COM9 with an extension"],
  ["LPT1", "LPT1"],
  ["lpt9.txt", "LPT9 with an extension"],
  ["COM¹.txt", "COM with a superscript digit"],
  ["CONIN$", "the console input"],
  ["con .txt", "a device name with a space before the extension"],
  ["a\u0000b", "NUL"],
  ["a\nb.txt", "a line feed"],
  ["a\u001fb", "a unit separator"],
  ["a\u007fb", "DEL"],
  ["a\u0085b", "a C1 control character"],
  ["dir/file.txt", "a slash"],
  ["dir\\file.txt", "a backslash"],
  ["../escape", "a parent folder"],
  ["", "nothing"],
  ["x".repeat(201), "over 200 characters"],
  ["setup\u202Etxt.exe", "a right-to-left override (shows as setupexe.txt)"],
  ["a\u202Ab.txt", "a left-to-right embedding"],
  ["a\u2066b.txt", "a left-to-right isolate"],
  ["a\u2069b.txt", "a pop directional isolate"],
  ["game\u200B.exe", "a zero-width space"],
  ["a\u200Fb.txt", "a right-to-left mark"],
  ["\uFEFFgame.exe", "a byte order mark"],
  ["game\u00AD.exe", "a soft hyphen"],
  ["game\uFE0F.exe", "a variation selector"],
  ["game\u3164.exe", "a Hangul filler"],
  ["game\u2028.exe", "a line separator"],
  ["e\u0301.bin", "a name not in NFC (e and a combining acute accent)"],
] as const;

const SAFE = [
  "game.exe",
  "Game Setup é.exe",
  "pack-1.0.1.zip",
  ".hidden",
  "CONSOLE.txt",
  "com10.txt",
  "lpt.txt",
  "nul-file.bin",
  "aux_data.pak",
  "my con.txt",
  "con-1.txt",
  "x".repeat(200),
  "日本語.zip",
  " leading space.txt",
  "\u00e9.bin",
  "\u05e9\u05dc\u05d5\u05dd.zip",
];

describe("file names a launcher can write on every system", () => {
  it.each(UNSAFE)("refuses %j (%s)", (name) => {
    const parsed = uploadQuerySchema.safeParse({ name });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => issue.path.join("."))).toEqual(["name"]);
  });

  it.each(SAFE)("accepts %j", (name) => {
    expect(fileNameFault(name)).toBeNull();
    expect(uploadQuerySchema.safeParse({ name }).data?.name).toBe(name);
  });

  it("says why a name is refused", () => {
    expect(fileNameFault("a:b")).toMatch(/< > : " \| \? \*/);
    expect(fileNameFault("game.exe.")).toMatch(/end with a dot or a space/);
    expect(fileNameFault("con.txt")).toMatch(/Windows reserves CON/);
    expect(fileNameFault("setup\u202Etxt.exe")).toMatch(/invisible/);
    expect(fileNameFault("e\u0301.bin")).toMatch(/composed form/);
  });
});
