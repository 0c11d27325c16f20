import { createHash } from "node:crypto";
import { open, rm } from "node:fs/promises";
import { Worker } from "node:worker_threads";
import { PayloadTooLarge } from "../errors";

const MIB = 1024 * 1024;
/** The bytes are gathered into blocks of this size: one write and one hash update per block. */
const BLOCK_BYTES = 2 * MIB;
/** Blocks in the ring: while one fills, the others are written and hashed (at most this much memory). */
const BLOCKS = 4;
/**
 * From this declared size on the hash runs in a worker thread of the upload's own, beside the
 * reading and the writes (starting a thread costs a few milliseconds: not worth it for small files).
 */
export const HASH_IN_WORKER_FROM_BYTES = 32 * MIB;

interface Hasher {
  /** Hashes `length` bytes of the block; resolves when the block may be reused. */
  update(block: Uint8Array, length: number): Promise<void>;
  digest(): Promise<string>;
  dispose(): void;
}

function hashHere(): Hasher {
  const hash = createHash("sha256");
  return {
    async update(block, length) {
      hash.update(block.subarray(0, length));
    },
    async digest() {
      return hash.digest("hex");
    },
    dispose() {},
  };
}

// Plain CommonJS, evaluated as is: no bundler has to find a worker file.
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const hash = require("node:crypto").createHash("sha256");
parentPort.on("message", (message) => {
  if (message === null) return parentPort.postMessage(hash.digest("hex"));
  hash.update(new Uint8Array(message.buffer, 0, message.length));
  parentPort.postMessage(true);
});`;

/** The hash in a worker thread: blocks are SharedArrayBuffers, so nothing is copied to it. */
function hashInWorker(): Hasher {
  const worker = new Worker(WORKER_SOURCE, { eval: true });
  // Answers come in the order of the messages: one per block, then the digest.
  const waiting: { resolve(value: unknown): void; reject(error: unknown): void }[] = [];
  const ask = (message: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      waiting.push({ resolve, reject });
      worker.postMessage(message);
    });
  worker.on("message", (value) => waiting.shift()?.resolve(value));
  const fail = (error: unknown) => {
    for (const entry of waiting.splice(0)) entry.reject(error);
  };
  worker.on("error", fail);
  worker.on("exit", () => fail(new Error("the hashing thread stopped")));
  return {
    async update(block, length) {
      await ask({ buffer: block.buffer, length });
    },
    async digest() {
      return String(await ask(null));
    },
    dispose() {
      void worker.terminate();
    },
  };
}

/**
 * Streams `body` into the new file `file` (which must not exist), measuring its size and sha256.
 * The bytes are gathered into 2 MiB blocks; each full block is written (in libuv's thread pool) and
 * hashed (in a worker thread for large uploads, `declaredBytes` ≥ 32 MiB) while the next fills,
 * so reading, writing and hashing overlap; at most 8 MiB are held. Past `maxBytes` it stops with
 * PayloadTooLarge; on any failure the file is removed and the body cancelled.
 */
export async function writeHashed(
  body: ReadableStream<Uint8Array>,
  file: string,
  { maxBytes, declaredBytes }: { maxBytes: number; declaredBytes?: number | null },
): Promise<{ size: number; sha256: string }> {
  const handle = await open(file, "wx");
  const hasher = (declaredBytes ?? 0) >= HASH_IN_WORKER_FROM_BYTES ? hashInWorker() : hashHere();
  const reader = body.getReader();
  const ring = Array.from({ length: BLOCKS }, () => ({
    bytes: new Uint8Array(new SharedArrayBuffer(BLOCK_BYTES)),
    busy: Promise.resolve(),
  }));
  let index = 0;
  let used = 0;
  let size = 0;
  let position = 0;
  /** Writes and hashes the current block; waits until the next one is free. */
  const flush = async () => {
    const block = ring[index]!;
    const length = used;
    const at = position;
    position += length;
    const work = Promise.all([handle.write(block.bytes, 0, length, at), hasher.update(block.bytes, length)]).then(() => undefined);
    // Awaited later (when the block comes round again, or at the end); handled now, so that a
    // failure in between is not an unhandled rejection.
    work.catch(() => undefined);
    block.busy = work;
    index = (index + 1) % BLOCKS;
    used = 0;
    await ring[index]!.busy;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw new PayloadTooLarge(maxBytes);
      for (let offset = 0; offset < value.byteLength; ) {
        const length = Math.min(value.byteLength - offset, BLOCK_BYTES - used);
        ring[index]!.bytes.set(value.subarray(offset, offset + length), used);
        used += length;
        offset += length;
        if (used === BLOCK_BYTES) await flush();
      }
    }
    if (used > 0) await flush();
    await Promise.all(ring.map((block) => block.busy));
    const sha256 = await hasher.digest();
    await handle.close();
    return { size, sha256 };
  } catch (error) {
    await reader.cancel(error).catch(() => undefined);
    await Promise.allSettled(ring.map((block) => block.busy));
    await handle.close().catch(() => undefined);
    await rm(file, { force: true });
    throw error;
  } finally {
    hasher.dispose();
  }
}
