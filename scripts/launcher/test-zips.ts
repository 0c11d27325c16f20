/** Zip archives for the launcher's tests, built with yazl (a test helper: never imported by the launcher). */
import { createHash } from "node:crypto";
import yazl from "yazl";

export interface ZipEntry {
  name: string;
  data: string | Buffer;
  mode?: number;
}

export const sha256Of = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

export function zipOf(entries: ZipEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries)
    if (entry.name.endsWith("/")) zip.addEmptyDirectory(entry.name);
    else
      zip.addBuffer(Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data), entry.name, entry.mode ? { mode: entry.mode } : {});
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on("error", reject);
  });
}

/**
 * yazl refuses unsafe names, as it should; a hostile archive is made by renaming an entry in the
 * finished bytes (local and central header alike: names are not under the CRC).
 */
export function renameInZip(zip: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error("renameInZip keeps the length");
  const bytes = Buffer.from(zip);
  const needle = Buffer.from(from);
  let at = bytes.indexOf(needle);
  if (at === -1) throw new Error(`${from} not in the archive`);
  while (at !== -1) {
    Buffer.from(to).copy(bytes, at);
    at = bytes.indexOf(needle, at + 1);
  }
  return bytes;
}

/** The manifest's `contents` of an archive extracted into `folder`. */
export function contentsOf(entries: ZipEntry[], folder = "") {
  return entries
    .filter((entry) => !entry.name.endsWith("/"))
    .map((entry) => ({
      path: folder ? `${folder}/${entry.name}` : entry.name,
      size: Buffer.byteLength(entry.data),
      sha256: sha256Of(entry.data),
    }));
}
