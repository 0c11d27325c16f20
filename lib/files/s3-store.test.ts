/**
 * The S3 store against a real S3-protocol server (s3rver, started here on 127.0.0.1:3335):
 * multipart upload of a large stream with its sha256, ranged reads, and nothing left in the
 * bucket after a refused or interrupted upload. Then the whole service with S3_* set: files and
 * project images go to the bucket, not to DATA_DIR, and download as they went in.
 */
import { createHash, randomBytes } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { openDownload, uploadFile } from "@/lib/downloads/service";
import { PayloadTooLarge } from "@/lib/errors";
import { fileStore, S3FileStore, type S3Settings } from "@/lib/files/store";
import { readProjectImage, uploadProjectImage } from "@/lib/projects/images";
import { actorOf, createPartner, createProjectFor, testMeta } from "@/lib/testing/factories";
import { startS3rver } from "@/lib/testing/s3rver";
import { buildZip } from "@/lib/testing/zip";

let server: Awaited<ReturnType<typeof startS3rver>>;
let store: S3FileStore;

beforeAll(async () => {
  server = await startS3rver(3335);
  store = new S3FileStore(server.settings);
  Object.assign(process.env, {
    S3_ENDPOINT: server.settings.endpoint,
    S3_BUCKET: server.settings.bucket,
    S3_ACCESS_KEY_ID: server.settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: server.settings.secretAccessKey,
  });
}, 30_000);

afterAll(async () => {
  await server?.stop();
});

async function objectKeys(settings: S3Settings = server.settings): Promise<string[]> {
  const client = new S3Client({ endpoint: settings.endpoint, region: settings.region, forcePathStyle: true, credentials: settings });
  const listed = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket }));
  return (listed.Contents ?? []).map((object) => object.Key!);
}

/** `total` random bytes in chunks of uneven size, and their sha256. */
function chunked(total: number) {
  const hash = createHash("sha256");
  const chunks: Buffer[] = [];
  for (let sent = 0; sent < total; ) {
    const chunk = randomBytes(Math.min(total - sent, 100_000 + Math.floor(Math.random() * 900_000)));
    hash.update(chunk);
    chunks.push(chunk);
    sent += chunk.length;
  }
  return { chunks, sha256: hash.digest("hex") };
}

function streamOf(chunks: Buffer[], failAfter?: number) {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (failAfter !== undefined && index >= failAfter) return controller.error(new Error("connection reset"));
      if (index < chunks.length) controller.enqueue(chunks[index++]);
      else controller.close();
    },
  });
}

async function readAll(stream: ReadableStream<Uint8Array>) {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

describe("S3FileStore against s3rver", () => {
  it("streams a 20 MiB file as a multipart upload, measures it, and reads it whole and in ranges", async () => {
    const { chunks, sha256 } = chunked(20 * 1024 * 1024 + 123);
    const stored = await store.putStream(streamOf(chunks), { maxBytes: 64 * 1024 * 1024 });
    expect(stored).toMatchObject({ size: 20 * 1024 * 1024 + 123, sha256 });
    const whole = await readAll((await store.openStream(stored.key))!);
    expect(createHash("sha256").update(whole).digest("hex")).toBe(sha256);
    const range = await readAll((await store.openStream(stored.key, { start: 8 * 1024 * 1024 - 5, end: 8 * 1024 * 1024 + 4 }))!);
    expect(range.equals(whole.subarray(8 * 1024 * 1024 - 5, 8 * 1024 * 1024 + 5))).toBe(true);
    await store.remove(stored.key);
    expect(await store.openStream(stored.key)).toBeNull();
    expect(await store.get(stored.key)).toBeNull();
  });

  it("stops past the limit and after an interruption, leaving nothing in the bucket", async () => {
    const before = await objectKeys();
    const { chunks } = chunked(12 * 1024 * 1024);
    await expect(store.putStream(streamOf(chunks), { maxBytes: 9 * 1024 * 1024 })).rejects.toBeInstanceOf(PayloadTooLarge);
    await expect(store.putStream(streamOf(chunks, 10), { maxBytes: 64 * 1024 * 1024 })).rejects.toThrow();
    expect(await objectKeys()).toEqual(before);
  });

  it("with localCopy, also writes the bytes to a temporary file while streaming (to read an archive), removed on dispose", async () => {
    const { chunks, sha256 } = chunked(9 * 1024 * 1024 + 7);
    const stored = await store.putStream(streamOf(chunks), { maxBytes: 64 * 1024 * 1024, localCopy: true });
    expect(stored).toMatchObject({ size: 9 * 1024 * 1024 + 7, sha256 });
    expect(
      createHash("sha256")
        .update(await readFile(stored.localFile!.path))
        .digest("hex"),
    ).toBe(sha256);
    await stored.localFile!.dispose();
    await expect(stat(stored.localFile!.path)).rejects.toThrow();
    await store.remove(stored.key);
  });

  it("holds small files (images) with put and get", async () => {
    const bytes = randomBytes(5000);
    const key = await store.put(bytes);
    expect((await store.get(key))!.equals(bytes)).toBe(true);
    await store.remove(key);
  });
});

describe("the service with S3_* set", () => {
  it("keeps uploads and project images in the bucket, not in DATA_DIR, and serves them back", async () => {
    expect(fileStore().kind).toBe("s3");
    const owner = await createPartner();
    const project = await createProjectFor(owner, { status: "PUBLISHED", modules: ["DOWNLOADS"] });
    // Trusted: its files without a release are public, so the anonymous download below finds this one.
    await db.project.update({ where: { id: project.id }, data: { trusted: true } });
    const { chunks, sha256 } = chunked(3 * 1024 * 1024);
    const file = await uploadFile(actorOf(owner), project.id, { name: "data.pak", kind: "OTHER" }, streamOf(chunks), testMeta());
    expect(file.sha256).toBe(sha256);
    const download = await openDownload(null, project.id, file.id, { range: "bytes=1000-1999", ifRange: null }, { ip: "10.0.0.1" });
    expect(download.status).toBe(206);
    expect((await readAll(await download.stream.open())).equals(Buffer.concat(chunks).subarray(1000, 2000))).toBe(true);

    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);
    await uploadProjectImage(actorOf(owner), project.id, "logo", { bytes: png, contentType: "image/png" }, project.version, testMeta());
    expect((await readProjectImage(null, project.id, "logo")).bytes.equals(png)).toBe(true);

    expect(await objectKeys()).toHaveLength(2);
    const local = await readdir(path.join(process.env.DATA_DIR!, "files")).catch(() => []);
    expect(local).toEqual([]);

    // An archive to extract is read from a temporary copy; a refused one leaves nothing in the bucket.
    const zip = await buildZip([{ name: "mods/a.jar", content: "a" }]);
    const archive = await uploadFile(
      actorOf(owner),
      project.id,
      { name: "mods.zip", kind: "MODPACK", extract: true },
      new Blob([new Uint8Array(zip)]).stream(),
      testMeta(),
    );
    expect(archive).toMatchObject({ extract: true, entryCount: 1 });
    const slip = await buildZip([{ name: "../evil", content: "x" }]);
    const refused = uploadFile(
      actorOf(owner),
      project.id,
      { name: "evil.zip", kind: "OTHER", extract: true },
      new Blob([new Uint8Array(slip)]).stream(),
      testMeta(),
    );
    await expect(refused).rejects.toMatchObject({ code: "unsafe_archive" });
    expect(await objectKeys()).toHaveLength(3);
  });
});
