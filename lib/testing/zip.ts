import { buffer } from "node:stream/consumers";
import yazl from "yazl";

/** One entry of a test archive: a file (content) or a folder (name ending in /). */
export interface ZipEntrySpec {
  name: string;
  content?: Buffer | string;
  /** Unix mode, file type bits included (0o120777: a symbolic link). */
  mode?: number;
  compress?: boolean;
  /** Set the "encrypted" flag of the entry (the bytes stay plain: what counts is that it is refused). */
  encrypted?: boolean;
}

const SIGNATURES = { local: 0x04034b50, central: 0x02014b50 };

/**
 * A zip archive built with yazl. Names yazl refuses to write (`..`, absolute paths, backslashes)
 * are written as a placeholder of the same length and put in afterwards, so the archive is
 * otherwise well-formed: exactly what an attacker's tool would produce.
 */
export async function buildZip(entries: ZipEntrySpec[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const patches: { placeholder: string; name: string; encrypted: boolean }[] = [];
  entries.forEach((entry, index) => {
    const length = Buffer.byteLength(entry.name);
    const refusedByYazl = /\\|^[a-zA-Z]:|^\/|(^|\/)\.\.(\/|$)/.test(entry.name);
    const tail = entry.name.endsWith("/") ? "/" : "";
    const name = refusedByYazl ? `${String(index).padStart(length - tail.length, "z")}${tail}` : entry.name;
    patches.push({ placeholder: name, name: entry.name, encrypted: entry.encrypted ?? false });
    const options = { mtime: new Date(2026, 0, 1), ...(entry.mode !== undefined ? { mode: entry.mode } : {}) };
    if (entry.name.endsWith("/")) zip.addEmptyDirectory(name, options);
    else zip.addBuffer(Buffer.from(entry.content ?? ""), name, { ...options, compress: entry.compress ?? true });
  });
  zip.end();
  const bytes = await buffer(zip.outputStream);
  for (const patch of patches) {
    const from = Buffer.from(patch.placeholder);
    for (let at = bytes.indexOf(from); at !== -1; at = bytes.indexOf(from, at + 1)) {
      Buffer.from(patch.name).copy(bytes, at);
      // The header this name belongs to: its general purpose flag marks encryption.
      if (patch.encrypted) {
        const central = at >= 46 && bytes.readUInt32LE(at - 46) === SIGNATURES.central;
        const local = at >= 30 && bytes.readUInt32LE(at - 30) === SIGNATURES.local;
        if (central) bytes.writeUInt16LE(bytes.readUInt16LE(at - 46 + 8) | 1, at - 46 + 8);
        if (local) bytes.writeUInt16LE(bytes.readUInt16LE(at - 30 + 6) | 1, at - 30 + 6);
      }
    }
  }
  return bytes;
}
