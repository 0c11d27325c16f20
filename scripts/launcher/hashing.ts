import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";

/** The sha256 (hex) of a file's bytes, read as a stream. */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

export type FileState = "intact" | "changed" | "missing";

/** Whether a file holds the expected bytes: size first (cheap), then the sha256. */
export async function checkFile(file: string, expected: { size: number; sha256: string }): Promise<FileState> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return "missing";
  if (info.size !== expected.size) return "changed";
  return (await sha256File(file)) === expected.sha256 ? "intact" : "changed";
}
