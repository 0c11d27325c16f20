import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import * as revoke from "@/app/api/v1/warnings/[warningId]/route";
import * as warnings from "@/app/api/v1/users/[id]/warnings/route";
import { db } from "@/lib/db/client";
import { OPERATIONS } from "@/lib/api/registry";
import { addMemberWith, createPartner, createProjectFor, createUser, tokenFor, unique } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";

const CANARY = unique("canary-");
let warned: Awaited<ReturnType<typeof createUser>>;
let warningId: string;
let projectId: string;
let ownerId: string;

beforeAll(async () => {
  const owner = await createPartner();
  ownerId = owner.id;
  warned = await createUser({ roles: ["USER", "PARTNER"], partnerStatus: "ACTIVE" });
  const project = await createProjectFor(owner, { status: "PUBLISHED", visibility: "PUBLIC" });
  projectId = project.id;
  await addMemberWith(projectId, warned.id, "MANAGER");
  const staff = await tokenFor((await createUser({ roles: ["SUPPORT"] })).id);
  const created = await call(warnings.POST, "POST", "/", {
    token: staff,
    params: { id: warned.id },
    body: {
      kind: "RULE_VIOLATION",
      severity: "HIGH",
      reason: `Spam in chat ${CANARY}`,
      internalNote: `Reported by moderators ${CANARY}`,
      projectId,
    },
  });
  expect(created.status).toBe(201);
  warningId = created.json!.id as string;
});

describe("warnings", () => {
  it("are read and managed by staff with the permission", async () => {
    const staff = await tokenFor((await createUser({ roles: ["TEAM_LEAD"] })).id);
    const listed = await call(warnings.GET, "GET", "/", { token: staff, params: { id: warned.id } });
    expect(listed.json!.data).toEqual([expect.objectContaining({ id: warningId, severity: "HIGH", active: true, projectId })]);
    const other = await createUser();
    const second = await call(warnings.POST, "POST", "/", {
      token: staff,
      params: { id: other.id },
      body: { kind: "SECURITY_EVENT", severity: "LOW", reason: "Odd sign-ins" },
    });
    expect((await call(revoke.DELETE, "DELETE", "/", { token: staff, params: { warningId: second.json!.id as string } })).status).toBe(204);
    const after = await call(warnings.GET, "GET", "/", { token: staff, params: { id: other.id } });
    expect(after.json!.data).toEqual([expect.objectContaining({ active: false })]);
    expect(await db.auditEntry.count({ where: { targetId: second.json!.id as string } })).toBe(2);
  });

  it.each([
    ["the warned user", () => Promise.resolve(warned.id)],
    ["another user", async () => (await createUser()).id],
    ["a developer", async () => (await createUser({ roles: ["DEVELOPER"] })).id],
    ["a partner", async () => (await createPartner()).id],
  ])("do not exist for %s (404 on every warning endpoint)", async (_label, who) => {
    const token = await tokenFor(await who());
    expect((await call(warnings.GET, "GET", "/", { token, params: { id: warned.id } })).status).toBe(404);
    expect(
      (
        await call(warnings.POST, "POST", "/", {
          token,
          params: { id: warned.id },
          body: { kind: "RULE_VIOLATION", severity: "LOW", reason: "x x x" },
        })
      ).status,
    ).toBe(404);
    expect((await call(revoke.DELETE, "DELETE", "/", { token, params: { warningId } })).status).toBe(404);
    expect((await db.warning.findUniqueOrThrow({ where: { id: warningId } })).revokedAt).toBeNull();
  });

  it("need the admin scope on a staff token", async () => {
    const token = await tokenFor((await createUser({ roles: ["SUPPORT"] })).id, ["read", "write"]);
    expect((await call(warnings.GET, "GET", "/", { token, params: { id: warned.id } })).status).toBe(404);
  });

  it("never leave a trace in any API answer a non-staff caller can get, audit views and entry metadata included", async () => {
    // The warned user manages the project and the Owner owns it (both read its audit log); the Developer reads the platform audit log.
    const callers = [
      await tokenFor(warned.id),
      await tokenFor(ownerId),
      await tokenFor((await createUser({ roles: ["DEVELOPER"] })).id),
      undefined,
    ];
    const ids: Record<string, string> = {
      id: warned.id,
      projectId,
      warningId,
      tokenId: "none",
      userId: warned.id,
      roleId: "none",
      kind: "logo",
    };
    const gets = OPERATIONS.filter((operation) => operation.method === "GET");
    let checked = 0;
    for (const operation of gets) {
      // Project paths get the project's id, user paths the warned user's.
      const params = Object.fromEntries(
        [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [
          name,
          operation.path.startsWith("/api/v1/projects/") && name === "id" ? projectId : ids[name],
        ]),
      );
      const file = path.join("@/app", operation.path.replace(/^\/api\//, "api/").replace(/\{(\w+)\}/g, "[$1]"), "route");
      const route = (await import(/* @vite-ignore */ file)) as { GET: Parameters<typeof call>[0] };
      for (const token of callers) {
        const response = await call(route.GET, "GET", operation.path, { token, params });
        expect(response.text, `${operation.path}`).not.toContain(CANARY);
        expect(response.text, `${operation.path}: the warning's id`).not.toContain(warningId);
        expect(response.text, `${operation.path}: a warning action`).not.toMatch(/"warning\./);
        checked++;
      }
    }
    expect(checked).toBe(gets.length * callers.length);
  });
});

describe("a revoked token in use", () => {
  it("makes the system write a security warning about its owner, once", async () => {
    const user = await createUser();
    const token = await tokenFor(user.id);
    await db.apiToken.updateMany({ where: { userId: user.id }, data: { revokedAt: new Date() } });
    const me = await import("@/app/api/v1/users/me/route");
    expect((await call(me.GET, "GET", "/", { token })).status).toBe(401);
    expect((await call(me.GET, "GET", "/", { token })).status).toBe(401);
    const written = await db.warning.findMany({ where: { userId: user.id } });
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ kind: "SECURITY_EVENT", authorId: null });
  });
});
