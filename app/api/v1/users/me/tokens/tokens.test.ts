import { describe, expect, it } from "vitest";
import * as tokenById from "@/app/api/v1/users/me/tokens/[tokenId]/route";
import * as tokens from "@/app/api/v1/users/me/tokens/route";
import { db } from "@/lib/db/client";
import { createUser, tokenFor, unique } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";

describe("token creation and Idempotency-Key", () => {
  it("never stores the new token in the idempotency table: token creation is not idempotent", async () => {
    const user = await createUser();
    const token = await tokenFor(user.id);
    const key = unique("key-");
    const first = await call(tokens.POST, "POST", "/api/v1/users/me/tokens", {
      token,
      body: { name: "ci" },
      headers: { "idempotency-key": key },
    });
    expect(first.status).toBe(201);
    const rows = await db.idempotencyKey.findMany({ where: { userId: user.id } });
    expect(JSON.stringify(rows)).not.toContain(String(first.json!.token));
    const second = await call(tokens.POST, "POST", "/api/v1/users/me/tokens", {
      token,
      body: { name: "ci" },
      headers: { "idempotency-key": key },
    });
    expect(second.headers.get("idempotent-replayed")).toBeNull();
    expect(second.json!.token).not.toBe(first.json!.token);
  });
});

describe("tokens created with a token", () => {
  it("expire no later than the token that created them", async () => {
    const user = await createUser();
    const parent = await call(tokens.POST, "POST", "/api/v1/users/me/tokens", {
      token: await tokenFor(user.id),
      body: { name: "parent", expiresInDays: 2 },
    });
    const child = await call(tokens.POST, "POST", "/api/v1/users/me/tokens", {
      token: String(parent.json!.token),
      body: { name: "child", expiresInDays: 365 },
    });
    expect(child.status).toBe(201);
    expect(new Date(String(child.json!.expiresAt)).getTime()).toBeLessThanOrEqual(new Date(String(parent.json!.expiresAt)).getTime());
  });

  it("are revoked with the token that created them, down the whole line", async () => {
    const user = await createUser();
    const session = await tokenFor(user.id);
    const parent = await call(tokens.POST, "POST", "/api/v1/users/me/tokens", { token: session, body: { name: "parent" } });
    const child = await call(tokens.POST, "POST", "/api/v1/users/me/tokens", {
      token: String(parent.json!.token),
      body: { name: "child" },
    });
    const grandchild = await call(tokens.POST, "POST", "/api/v1/users/me/tokens", {
      token: String(child.json!.token),
      body: { name: "grandchild" },
    });
    const parentId = String(parent.json!.id);
    expect(
      (await call(tokenById.DELETE, "DELETE", `/api/v1/users/me/tokens/${parentId}`, { token: session, params: { tokenId: parentId } }))
        .status,
    ).toBe(204);
    for (const revoked of [child, grandchild]) {
      const used = await call(tokens.GET, "GET", "/api/v1/users/me/tokens", { token: String(revoked.json!.token) });
      expect(used.status).toBe(401);
    }
    expect((await call(tokens.GET, "GET", "/api/v1/users/me/tokens", { token: session })).status).toBe(200);
  });
});
