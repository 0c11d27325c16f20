import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { PayloadTooLarge } from "../errors";

/** What a streamed upload stored: its key, and the size and sha256 measured while it streamed. */
export interface StoredObject {
  key: string;
  size: number;
  sha256: string;
  /** With `localCopy`: the stored bytes as a file on this machine, to read before the copy is disposed. */
  localFile?: LocalFile;
}

/** A file on this machine holding an object's bytes (the stored file itself, or a temporary copy). */
export interface LocalFile {
  path: string;
  dispose(): Promise<void>;
}

export interface PutStreamOptions {
  maxBytes: number;
  /**
   * Also give the bytes as a local file (to read them again, as an archive's entries are): the
   * stored file itself in the local folder; for S3 a temporary copy written while the upload streams.
   */
  localCopy?: boolean;
}

/** Inclusive byte positions, as in an HTTP Range. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files live: the local folder DATA_DIR/files by default, an S3-compatible object
 * store when S3_* is set (fileStore below). Keys are generated here, never taken from a request,
 * so no path can escape the folder or the bucket. Large files only ever pass through as streams.
 */
export interface FileStore {
  readonly kind: "local" | "s3";
  /** Small files (images) held in memory. */
  put(bytes: Uint8Array): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  /**
   * Streams `body` into a new object, measuring size and sha256 on the way. Past `maxBytes` it
   * stops with PayloadTooLarge; on any failure (too large, client gone) nothing is left behind.
   */
  putStream(body: ReadableStream<Uint8Array>, options: PutStreamOptions): Promise<StoredObject>;
  /** The object's bytes (or one range of them) as a stream; null when the object is gone. */
  openStream(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null>;
  remove(key: string): Promise<void>;
}

/** Counts and hashes the bytes passing through; fails as soon as they pass the limit. */
class Meter extends Transform {
  readonly hash = createHash("sha256");
  /** Not `size`: the S3 upload would take that for the length of the whole body. */
  counted = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.counted += chunk.length;
    if (this.counted > this.maxBytes) return callback(new PayloadTooLarge(this.maxBytes));
    this.hash.update(chunk);
    callback(null, chunk);
  }
}

function nodeStream(body: ReadableStream<Uint8Array>): Readable {
  return Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);
}

function webStream(stream: Readable): ReadableStream<Uint8Array> {
  return Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>;
}

export class LocalFileStore implements FileStore {
  readonly kind = "local" as const;

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

  async putStream(body: ReadableStream<Uint8Array>, { maxBytes, localCopy }: PutStreamOptions): Promise<StoredObject> {
    const key = randomUUID();
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const meter = new Meter(maxBytes);
    try {
      await pipeline(nodeStream(body), meter, createWriteStream(file, { flags: "wx", highWaterMark: 1024 * 1024 }));
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
    const localFile = localCopy ? { path: file, dispose: async () => undefined } : undefined;
    return { key, size: meter.counted, sha256: meter.hash.digest("hex"), ...(localFile ? { localFile } : {}) };
  }

  async openStream(key: string, range?: ByteRange) {
    const file = this.pathOf(key);
    const stream = createReadStream(file, { ...(range ?? {}), highWaterMark: 1024 * 1024 });
    try {
      await new Promise<void>((resolve, reject) => {
        stream.once("open", () => resolve());
        stream.once("error", reject);
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    return webStream(stream);
  }

  async remove(key: string) {
    await rm(this.pathOf(key), { force: true });
  }
}

/**
 * Passes the bytes on unchanged and writes them to a temporary file on the way (waiting for the
 * disk, so memory stays bounded): a local copy of an upload that goes to S3.
 */
class TempCopy extends Transform {
  private readonly file;
  private readonly written: Promise<void>;

  private constructor(
    readonly path: string,
    private readonly folder: string,
  ) {
    super();
    this.file = createWriteStream(path, { flags: "wx", highWaterMark: 1024 * 1024 });
    this.written = new Promise((resolve, reject) => {
      this.file.once("close", () => resolve());
      this.file.once("error", reject);
    });
    this.written.catch(() => undefined);
  }

  static async create() {
    const folder = await mkdtemp(path.join(os.tmpdir(), "pums-upload-"));
    return new TempCopy(path.join(folder, "upload"), folder);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    if (this.file.write(chunk)) callback(null, chunk);
    else this.file.once("drain", () => callback(null, chunk));
  }

  override _flush(callback: TransformCallback) {
    this.file.end(() => callback());
  }

  /** Resolves once every byte is on disk. */
  finished() {
    return this.written;
  }

  async dispose() {
    this.file.destroy();
    await rm(this.folder, { recursive: true, force: true });
  }
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  forcePathStyle: boolean;
}

/** Parts of a multipart upload: 8 MiB each, two in flight, so an upload holds about 16 MiB at most. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

export class S3FileStore implements FileStore {
  readonly kind = "s3" as const;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where the protocol requires them: S3-compatible stores (MinIO, s3rver, ...)
      // do not all know the SDK's newer default checksum headers. Our own sha256 is measured anyway.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  private objectKey(key: string) {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error("invalid storage key");
    return `files/${key}`;
  }

  async put(bytes: Uint8Array) {
    const key = randomUUID();
    await this.client.send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key), Body: bytes, ContentLength: bytes.length }),
    );
    return key;
  }

  async get(key: string) {
    const stream = await this.openStream(key);
    if (!stream) return null;
    const chunks: Uint8Array[] = [];
    for await (const chunk of nodeStream(stream)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async putStream(body: ReadableStream<Uint8Array>, { maxBytes, localCopy }: PutStreamOptions): Promise<StoredObject> {
    const key = randomUUID();
    const meter = new Meter(maxBytes);
    const source = nodeStream(body);
    const copy = localCopy ? await TempCopy.create() : null;
    // The source's errors (a client that went away) reach the meter, and through it the upload.
    const passing = (copy ? pipeline(source, meter, copy) : pipeline(source, meter)).catch((error: unknown) => error);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: this.objectKey(key), Body: copy ?? meter },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
      const failure = await passing;
      if (failure) throw failure;
    } catch (error) {
      source.destroy();
      await upload.abort().catch(() => undefined);
      await this.remove(key).catch(() => undefined);
      await copy?.dispose();
      const cause = await passing;
      throw cause instanceof PayloadTooLarge ? cause : (cause ?? error);
    }
    await copy?.finished();
    const localFile = copy ? { path: copy.path, dispose: () => copy.dispose() } : undefined;
    return { key, size: meter.counted, sha256: meter.hash.digest("hex"), ...(localFile ? { localFile } : {}) };
  }

  async openStream(key: string, range?: ByteRange) {
    try {
      const response = await this.client.send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.objectKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return response.Body ? (response.Body.transformToWebStream() as ReadableStream<Uint8Array>) : null;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return null;
      throw error;
    }
  }

  async remove(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
  }
}

/** The S3 settings from the environment, or null when S3 is not configured (all of endpoint, bucket and credentials). */
export function s3SettingsFromEnv(env: NodeJS.ProcessEnv = process.env): S3Settings | null {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env;
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) return null;
  return {
    endpoint: S3_ENDPOINT,
    bucket: S3_BUCKET,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    region: env.S3_REGION ?? "us-east-1",
    forcePathStyle: env.S3_FORCE_PATH_STYLE !== "false",
  };
}

let store: FileStore | undefined;

/** The one store of this instance: S3 when configured (so instances share files), else the local folder. */
export function fileStore(): FileStore {
  if (store) return store;
  const s3 = s3SettingsFromEnv();
  // A runtime folder, not a source path: keep the bundler from tracing it.
  store = s3
    ? new S3FileStore(s3)
    : new LocalFileStore(path.join(path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR ?? "data"), "files"));
  return store;
}

const SIGNATURES: { type: string; test: (bytes: Uint8Array) => boolean }[] = [
  { type: "image/png", test: (b) => b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { type: "image/jpeg", test: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "image/gif", test: (b) => b.length > 6 && String.fromCharCode(...b.slice(0, 4)) === "GIF8" },
  {
    type: "image/webp",
    test: (b) => b.length > 12 && String.fromCharCode(...b.slice(0, 4)) === "RIFF" && String.fromCharCode(...b.slice(8, 12)) === "WEBP",
  },
];

export const IMAGE_TYPES = SIGNATURES.map((signature) => signature.type);

/** The image type the bytes really are (declared types are not trusted), or null. */
export function sniffImageType(bytes: Uint8Array): string | null {
  return SIGNATURES.find((signature) => signature.test(bytes))?.type ?? null;
}
