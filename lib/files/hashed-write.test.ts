import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PayloadTooLarge } from "../errors";
import { HASH_IN_WORKER_FROM_BYTES, writeHashed } from "./hashed-write";

const MIB = 1024 * 1024;

/** A body of `bytes` in chunks of uneven sizes (they straddle the 2 MiB blocks), optionally failing midway. */
function body(bytes: Buffer, { failAt }: { failAt?: number } = {}): ReadableStream<Uint8Array> {
  let offset = 0;
  let turn = 0;
  return new ReadableStream({
    pull(controller) {
      if (failAt !== undefined && offset >= failAt) return controller.error(new Error("the client went away"));
      if (offset >= bytes.length) return controller.close();
      const size = [65_536, 1, 3 * MIB + 7, 12_345][turn++ % 4]!;
      controller.enqueue(bytes.subarray(offset, offset + size));
      offset += size;
    },
  });
}

describe("writeHashed", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "pums-hashed-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  for (const [label, declared] of [
    ["in this thread", null],
    ["in a worker thread", HASH_IN_WORKER_FROM_BYTES],
  ] as const) {
    it(`writes the bytes and measures size and sha256 ${label}`, async () => {
      for (const length of [0, 1, 2 * MIB, 9 * MIB + 3]) {
        const bytes = randomBytes(length);
        const file = path.join(dir, `${length}.bin`);
        const result = await writeHashed(body(bytes), file, { maxBytes: 16 * MIB, declaredBytes: declared });
        expect(result).toEqual({ size: length, sha256: createHash("sha256").update(bytes).digest("hex") });
        expect((await readFile(file)).equals(bytes)).toBe(true);
      }
    });

    it(`stops past the limit and leaves no file (${label})`, async () => {
      const file = path.join(dir, "large.bin");
      await expect(writeHashed(body(randomBytes(5 * MIB)), file, { maxBytes: 4 * MIB, declaredBytes: declared })).rejects.toBeInstanceOf(
        PayloadTooLarge,
      );
      expect(existsSync(file)).toBe(false);
    });

    it(`leaves no file when the body breaks off (${label})`, async () => {
      const file = path.join(dir, "broken.bin");
      await expect(
        writeHashed(body(randomBytes(8 * MIB), { failAt: 5 * MIB }), file, { maxBytes: 16 * MIB, declaredBytes: declared }),
      ).rejects.toThrow("the client went away");
      expect(existsSync(file)).toBe(false);
    });
  }

  it("never overwrites a file that exists", async () => {
    const file = path.join(dir, "taken.bin");
    await writeHashed(body(Buffer.from("first")), file, { maxBytes: MIB });
    await expect(writeHashed(body(Buffer.from("second")), file, { maxBytes: MIB })).rejects.toThrow(/EEXIST/);
    expect(await readFile(file, "utf8")).toBe("first");
  });
});
