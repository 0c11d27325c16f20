import { describe, expect, it, vi } from "vitest";
import { db } from "../db/client";
import { createUser, unique } from "../testing/factories";
import { withIdempotency } from "./idempotency";

const DAY_MS = 24 * 3600_000;
const create = (userId: string, key = unique("key-")) =>
  withIdempotency(userId, key, { method: "POST", path: "/api/v1/test", body: "{}" }, async () => ({
    status: 201,
    body: { ok: true },
    headers: {},
  }));

describe("idempotency keys expire after 24 hours on every route", () => {
  it("purges other users' and routes' expired keys when any key is claimed, and keeps younger ones", async () => {
    const [old, young, caller] = await Promise.all([createUser(), createUser(), createUser()]);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() - DAY_MS - 60_000);
    await create(old.id);
    vi.setSystemTime(Date.now() + 2 * 3600_000);
    await create(young.id);
    vi.useRealTimers();

    await create(caller.id);
    expect(await db.idempotencyKey.count({ where: { userId: old.id } })).toBe(0);
    expect(await db.idempotencyKey.count({ where: { userId: young.id } })).toBe(1);
  });
});
