/**
 * Uploaded avatars (DESIGN §8.2, "Data rights"): checked by their bytes, drawn again without their
 * metadata, served by us with caching; avatarUrl takes only null (remove) or its current value.
 */
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import * as avatarOf from "@/app/api/v1/users/[id]/avatar/route";
import * as me from "@/app/api/v1/users/me/route";
import { db } from "@/lib/db/client";
import { PUBLIC_CACHE_CONTROL } from "@/lib/http/cache";
import { createUser, tokenFor } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";
import * as upload from "./route";

/** A JPEG with a place in its EXIF data, as a phone writes it. */
const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .withExif({ IFD0: { Copyright: "Home, 52.52N 13.40E", Artist: "Someone" } })
    .jpeg()
    .toBuffer();

async function put(token: string, bytes: Buffer, contentType = "image/jpeg") {
  const response = await upload.PUT(
    new Request("http://127.0.0.1:3000/api/v1/users/me/avatar", {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": contentType, "x-forwarded-for": "10.9.9.9" },
      body: new Uint8Array(bytes),
    }),
    { params: Promise.resolve({}) },
  );
  return { status: response.status, json: (await response.json()) as Record<string, unknown>, etag: response.headers.get("etag") };
}

async function get(userId: string, headers: Record<string, string> = {}) {
  const response = await avatarOf.GET(new Request(`http://127.0.0.1:3000/api/v1/users/${userId}/avatar`, { headers }), {
    params: Promise.resolve({ id: userId }),
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A PNG whose header claims `width` x `height` pixels, with no picture data behind it. */
function claimedCanvas(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), chunk("IHDR", header), chunk("IEND", Buffer.alloc(0))]);
}

describe("uploading an avatar", () => {
  it("keeps a 256 px WebP without the file's metadata, serves it publicly with an ETag, and replaces the one before", async () => {
    const user = await createUser();
    const token = await tokenFor(user.id);
    const first = await put(token, await photo());
    expect(first.status).toBe(200);
    expect(first.json.avatarUrl).toMatch(new RegExp(`^/api/v1/users/${user.id}/avatar\\?v=[\\w-]+$`));
    expect(first.etag).toMatch(/^"v\d+"$/);

    const served = await get(user.id);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    // Public, like the name next to it: anonymous answers may be shared for a bounded time (docs/deploy.md).
    expect(served.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    const metadata = await sharp(served.bytes).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(metadata.exif).toBeUndefined();
    expect(served.bytes.includes(Buffer.from("52.52N"))).toBe(false);
    expect((await get(user.id, { "if-none-match": served.headers.get("etag")! })).status).toBe(304);

    const firstFile = await db.storedFile.findMany({ where: { ownerId: user.id } });
    expect(firstFile).toHaveLength(1);
    const second = await put(
      token,
      await sharp(await photo())
        .png()
        .toBuffer(),
      "image/png",
    );
    expect(second.status).toBe(200);
    expect(second.json.avatarUrl).not.toBe(first.json.avatarUrl);
    const files = await db.storedFile.findMany({ where: { ownerId: user.id } });
    expect(files.map((file) => file.id)).not.toContain(firstFile[0]!.id);
    expect(files).toHaveLength(1);
  });

  it("refuses what is not a picture (415), a picture of another declared type (415), and a claimed huge canvas (400)", async () => {
    const user = await createUser();
    const token = await tokenFor(user.id);
    expect((await put(token, Buffer.from("<svg onload=alert(1)>"), "image/png")).status).toBe(415);
    expect((await put(token, claimedCanvas(20_000, 20_000), "image/png")).json).toMatchObject({
      status: 400,
      errors: [{ path: "avatar" }],
    });
    expect(await db.storedFile.count({ where: { ownerId: user.id } })).toBe(0);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).avatarUrl).toBeNull();
  });

  it("takes avatarUrl only as null (removed, the file with it) or the current value, never another host's address", async () => {
    const user = await createUser();
    const token = await tokenFor(user.id);
    const uploaded = await put(token, await photo());
    const update = async (avatarUrl: unknown) => {
      const etag = (await call(me.GET, "GET", "/", { token })).headers.get("etag")!;
      return call(me.PUT, "PUT", "/", { token, headers: { "if-match": etag }, body: { avatarUrl } });
    };
    expect((await update("https://tracker.example/pixel.png")).json).toMatchObject({ status: 400, errors: [{ path: "avatarUrl" }] });
    expect((await update(uploaded.json.avatarUrl)).status).toBe(200);
    const removed = await update(null);
    expect(removed.json).toMatchObject({ avatarUrl: null });
    expect((await get(user.id)).status).toBe(404);
    expect(await db.storedFile.count({ where: { ownerId: user.id } })).toBe(0);
  });

  it("is 404 for a user without an uploaded picture and for no user", async () => {
    const user = await createUser();
    expect((await get(user.id)).status).toBe(404);
    expect((await get("nobody")).status).toBe(404);
  });
});
