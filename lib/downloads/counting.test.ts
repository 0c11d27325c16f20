/**
 * Counting once per client (lib/downloads/counting.ts) under concurrency: many requests of one
 * client at once count one download, on PGlite and (TEST_DATABASE_URL) PostgreSQL alike.
 */
import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { createPartner, createProjectFor } from "../testing/factories";
import { countDownloadRequest, DOWNLOAD_COUNT_WINDOW_MS, downloadClientKey } from "./counting";

async function storedFile() {
  const project = await createProjectFor(await createPartner(), { status: "PUBLISHED", modules: ["DOWNLOADS"] });
  return db.download.create({
    data: { projectId: project.id, kind: "OTHER", fileName: "a.bin", contentType: "application/octet-stream", size: 1n, sha256: "0".repeat(64), storageKey: `counting-${crypto.randomUUID()}` },
  });
}
const countOf = async (id: string) => (await db.download.findUniqueOrThrow({ where: { id } })).downloadCount;

describe("countDownloadRequest", () => {
  it("ten concurrent requests of one new client count once", async () => {
    const file = await storedFile();
    const counted = await Promise.all(Array.from({ length: 10 }, () => countDownloadRequest(file.id, "anon:same")));
    expect(counted.filter(Boolean)).toHaveLength(1);
    expect(await countOf(file.id)).toBe(1);
  });

  it("ten concurrent requests of a client whose last request is past the window count once more", async () => {
    const file = await storedFile();
    const past = new Date(Date.now() - DOWNLOAD_COUNT_WINDOW_MS - 1000);
    expect(await countDownloadRequest(file.id, "anon:back", past)).toBe(true);
    const counted = await Promise.all(Array.from({ length: 10 }, () => countDownloadRequest(file.id, "anon:back")));
    expect(counted.filter(Boolean)).toHaveLength(1);
    expect(await countOf(file.id)).toBe(2);
  });

  it("a request within the window moves it on: a client that keeps fetching counts once", async () => {
    const file = await storedFile();
    const start = Date.now() - 2 * DOWNLOAD_COUNT_WINDOW_MS;
    expect(await countDownloadRequest(file.id, "anon:steady", new Date(start))).toBe(true);
    expect(await countDownloadRequest(file.id, "anon:steady", new Date(start + DOWNLOAD_COUNT_WINDOW_MS - 1000))).toBe(false);
    expect(await countDownloadRequest(file.id, "anon:steady", new Date(start + 2 * DOWNLOAD_COUNT_WINDOW_MS - 2000))).toBe(false);
    expect(await countOf(file.id)).toBe(1);
  });

  it("keys a user by id and an anonymous client by a keyed hash of address and user agent", () => {
    const anon = downloadClientKey(null, { ip: "203.0.113.9", userAgent: "UA" });
    expect(anon).toMatch(/^anon:[\w-]{43}$/);
    expect(anon).not.toContain("203.0.113.9");
    expect(downloadClientKey(null, { ip: "203.0.113.9", userAgent: "UA" })).toBe(anon);
    expect(downloadClientKey(null, { ip: "203.0.113.9", userAgent: "UB" })).not.toBe(anon);
    expect(downloadClientKey({ userId: "u1" } as Parameters<typeof downloadClientKey>[0], { ip: "203.0.113.9", userAgent: "UA" })).toBe("user:u1");
  });
});
