/**
 * Counting downloads (lib/downloads/counting.ts, issue 23 finding 8): once per client, file and
 * UTC day, the client being the signed-in user or else the address (IPv6: its /64); many requests
 * of one client at once count one download; a count never empties the data cache; past days' rows
 * are purged. On PGlite and (TEST_DATABASE_URL) PostgreSQL alike. Days moved by hand lie in the
 * future (2031) where other test files' purges (of days before today) cannot remove their rows.
 */
import { describe, expect, it } from "vitest";
import type { Actor } from "../auth/actor";
import { dataCacheStats } from "../cache/data-cache";
import { db } from "../db/client";
import { createDownload, createPartner, createProjectFor } from "../testing/factories";
import { countDownloadRequest, downloadClientKey, purgePastDownloadClients } from "./counting";

async function storedFile() {
  const project = await createProjectFor(await createPartner(), { status: "PUBLISHED", modules: ["DOWNLOADS"] });
  return createDownload(project.id, { kind: "OTHER", size: 1n });
}
const countOf = async (id: string) => (await db.download.findUniqueOrThrow({ where: { id } })).downloadCount;
const at = (iso: string) => new Date(iso);

describe("countDownloadRequest", () => {
  it("ten concurrent requests of one new client count once", async () => {
    const file = await storedFile();
    const counted = await Promise.all(Array.from({ length: 10 }, () => countDownloadRequest(file.id, "anon:same")));
    expect(counted.filter(Boolean)).toHaveLength(1);
    expect(await countOf(file.id)).toBe(1);
  });

  it("counts a client once per file and UTC day: not again later that day, again the next day", async () => {
    const file = await storedFile();
    const other = await storedFile();
    expect(await countDownloadRequest(file.id, "anon:daily", at("2031-03-10T00:30:00Z"))).toBe(true);
    expect(await countDownloadRequest(file.id, "anon:daily", at("2031-03-10T03:00:00Z"))).toBe(false);
    expect(await countDownloadRequest(file.id, "anon:daily", at("2031-03-10T23:59:59Z"))).toBe(false);
    expect(await countDownloadRequest(other.id, "anon:daily", at("2031-03-10T12:00:00Z"))).toBe(true);
    expect(await countDownloadRequest(file.id, "anon:daily", at("2031-03-11T00:00:01Z"))).toBe(true);
    expect(await countOf(file.id)).toBe(2);
    expect(await countOf(other.id)).toBe(1);
  });

  it("purges the rows of past days, of every file, and keeps today's", async () => {
    const [old, current] = [await storedFile(), await storedFile()];
    // Days long past (rows any other test's purge may remove as well) and today.
    await countDownloadRequest(old.id, "anon:purge-a", at("2020-04-01T10:00:00Z"));
    await countDownloadRequest(old.id, "anon:purge-b", at("2020-04-02T11:00:00Z"));
    await countDownloadRequest(current.id, "anon:purge-c");
    await purgePastDownloadClients();
    expect(await db.downloadClient.count({ where: { downloadId: old.id } })).toBe(0);
    expect(await db.downloadClient.count({ where: { downloadId: current.id } })).toBe(1);
    expect(await countOf(old.id)).toBe(2);
  });

  it("never empties the data cache: the count is a figure that may show a few seconds late", async () => {
    const file = await storedFile();
    const before = dataCacheStats().generation;
    expect(await countDownloadRequest(file.id, "anon:cache")).toBe(true);
    expect(await countDownloadRequest(file.id, "anon:cache")).toBe(false);
    expect(dataCacheStats().generation).toBe(before);
    expect(await countOf(file.id)).toBe(1);
  });
});

describe("downloadClientKey", () => {
  it("keys a user by id and an anonymous client by a keyed hash of its address alone", () => {
    const anon = downloadClientKey(null, { ip: "203.0.113.9" });
    expect(anon).toMatch(/^anon:[\w-]{43}$/);
    expect(anon).not.toContain("203.0.113.9");
    // A new user agent is no new client: it costs a script nothing to change.
    expect(downloadClientKey(null, { ip: "203.0.113.9", userAgent: "Other/2.0" } as Parameters<typeof downloadClientKey>[1])).toBe(anon);
    expect(downloadClientKey(null, { ip: "203.0.113.10" })).not.toBe(anon);
    expect(downloadClientKey({ userId: "u1" } as Actor, { ip: "203.0.113.9" })).toBe("user:u1");
  });

  it("keys IPv6 clients by their /64: one subscriber's network is one client", () => {
    const key = downloadClientKey(null, { ip: "2001:db8:1:2::1" });
    expect(downloadClientKey(null, { ip: "2001:db8:1:2:ffff:ffff:ffff:ffff" })).toBe(key);
    expect(downloadClientKey(null, { ip: "2001:0db8:0001:0002:0000:0000:0000:0042" })).toBe(key);
    expect(downloadClientKey(null, { ip: "2001:db8:1:3::1" })).not.toBe(key);
    // An IPv4 address written as IPv6 is that IPv4 address.
    expect(downloadClientKey(null, { ip: "::ffff:203.0.113.9" })).toBe(downloadClientKey(null, { ip: "203.0.113.9" }));
  });
});
