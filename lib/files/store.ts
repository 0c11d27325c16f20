import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where uploaded files live. The embedded default keeps them under DATA_DIR/files; keys are
 * generated here, never taken from a request, so no path can escape the folder.
 */
export interface FileStore {
  put(bytes: Uint8Array): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string) {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error("invalid storage key");
    return path.join(this.root, key.slice(0, 2), key);
  }

  async put(bytes: Uint8Array) {
    const key = randomUUID();
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes, { flag: "wx" });
    return key;
  }

  async get(key: string) {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async remove(key: string) {
    await rm(this.pathOf(key), { force: true });
  }
}

let store: FileStore | undefined;

export function fileStore(): FileStore {
  // A runtime folder, not a source path: keep the bundler from tracing it.
  store ??= new LocalFileStore(path.join(path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR ?? "data"), "files"));
  return store;
}

const SIGNATURES: { type: string; test: (bytes: Uint8Array) => boolean }[] = [
  { type: "image/png", test: (b) => b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { type: "image/jpeg", test: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "image/gif", test: (b) => b.length > 6 && String.fromCharCode(...b.slice(0, 4)) === "GIF8" },
  { type: "image/webp", test: (b) => b.length > 12 && String.fromCharCode(...b.slice(0, 4)) === "RIFF" && String.fromCharCode(...b.slice(8, 12)) === "WEBP" },
];

export const IMAGE_TYPES = SIGNATURES.map((signature) => signature.type);

/** The image type the bytes really are (declared types are not trusted), or null. */
export function sniffImageType(bytes: Uint8Array): string | null {
  return SIGNATURES.find((signature) => signature.test(bytes))?.type ?? null;
}
