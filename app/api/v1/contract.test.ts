import { describe, expect, it } from "vitest";
import * as unknownPath from "@/app/api/v1/[...path]/route";
import * as tokenSignIn from "@/app/api/v1/auth/token/route";
import * as verify from "@/app/api/v1/auth/verify-email/route";
import * as one from "@/app/api/v1/projects/[id]/route";
import * as restore from "@/app/api/v1/projects/[id]/restore/route";
import * as trust from "@/app/api/v1/projects/[id]/trust/route";
import * as projects from "@/app/api/v1/projects/route";
import * as members from "@/app/api/v1/projects/[id]/members/route";
import * as roles from "@/app/api/v1/projects/[id]/roles/route";
import * as status from "@/app/api/v1/projects/[id]/status/route";
import * as decision from "@/app/api/v1/reviews/[projectId]/decision/route";
import * as partnerHistory from "@/app/api/v1/users/[id]/partner-history/route";
import * as warnings from "@/app/api/v1/users/[id]/warnings/route";
import * as tokens from "@/app/api/v1/users/me/tokens/route";
import { OPERATIONS } from "@/lib/api/registry";
import { db } from "@/lib/db/client";
import { RATE_LIMITS } from "@/lib/rate-limit";
import { createPartner, createProjectFor, createUser, TEST_PASSWORD, tokenFor } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";
import { routeModule } from "@/lib/testing/in-process";

const passed = { passed: true, note: "" };

/** API conventions of DESIGN section 7 that clients rely on (shape issue, items 5, 7, 8, 9, 10). */
describe("the API contract", () => {
  it.each([
    ["GET", unknownPath.GET],
    ["POST", unknownPath.POST],
    ["PUT", unknownPath.PUT],
    ["PATCH", unknownPath.PATCH],
    ["DELETE", unknownPath.DELETE],
  ] as const)("answers %s of an unknown /api/v1 path with 404 problem+json", async (method, handler) => {
    const response = await call(handler, method, "/api/v1/no/such/thing", { params: { path: ["no", "such", "thing"] } });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.json).toMatchObject({ status: 404, code: "not_found", requestId: expect.any(String) });
  });

  it("answers a method a path does not serve with 405 problem+json and Allow, and OPTIONS with Allow", { timeout: 120_000 }, async () => {
    const served = new Map<string, string[]>();
    for (const operation of OPERATIONS) served.set(operation.path, [...(served.get(operation.path) ?? []), operation.method]);
    served.delete("/api/ping"); // bare by design: Next.js answers its 405 (lib/system/operations.ts)
    for (const [path, methods] of served) {
      const allow = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
        .filter((method) => methods.includes(method) || (method === "HEAD" && methods.includes("GET")) || method === "OPTIONS")
        .join(", ");
      const route = await routeModule(path);
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((method) => !methods.includes(method))) {
        const response = await call(route[method], method, path);
        expect({ path, method, status: response.status, allow: response.headers.get("allow") }).toEqual({
          path,
          method,
          status: 405,
          allow,
        });
        expect(response.headers.get("content-type")).toBe("application/problem+json");
        expect(response.json).toMatchObject({ status: 405, code: "method_not_allowed", requestId: expect.any(String) });
      }
      const options = await call(route.OPTIONS, "OPTIONS", path);
      expect({ path, status: options.status, allow: options.headers.get("allow") }).toEqual({ path, status: 204, allow });
    }
  });

  it("sends Location with every 201", async () => {
    const owner = await createPartner();
    const token = await tokenFor(owner.id);
    const project = await createProjectFor(owner);
    const memberRole = project.roles.find((role) => role.key === "MEMBER")!;
    const newcomer = await createUser();
    const staff = await tokenFor((await createUser({ roles: ["SUPPORT"] })).id);

    const created = {
      member: await call(members.POST, "POST", "/", {
        token,
        params: { id: project.id },
        body: { userId: newcomer.id, roleId: memberRole.id },
      }),
      role: await call(roles.POST, "POST", "/", { token, params: { id: project.id }, body: { name: "Crew", permissions: [], rank: 5 } }),
      warning: await call(warnings.POST, "POST", "/", {
        token: staff,
        params: { id: newcomer.id },
        body: { kind: "RULE_VIOLATION", severity: "LOW", reason: "Spam" },
      }),
      token: await call(tokens.POST, "POST", "/", { token, body: {} }),
      signIn: await call(tokenSignIn.POST, "POST", "/", { body: { login: owner.username, password: TEST_PASSWORD } }),
    };
    for (const response of Object.values(created)) expect(response.status).toBe(201);
    expect(created.member.headers.get("location")).toBe(`/api/v1/projects/${project.id}/members/${newcomer.id}`);
    expect(created.role.headers.get("location")).toBe(`/api/v1/projects/${project.id}/roles/${created.role.json!.id}`);
    expect(created.warning.headers.get("location")).toBe(`/api/v1/warnings/${created.warning.json!.id}`);
    expect(created.token.headers.get("location")).toBe(`/api/v1/users/me/tokens/${created.token.json!.id}`);
    expect(created.signIn.headers.get("location")).toBe(`/api/v1/users/me/tokens/${created.signIn.json!.id}`);
  });

  it("returns the new ETag after a status change and a review decision, so the next write needs no re-read", async () => {
    const owner = await createPartner();
    const token = await tokenFor(owner.id);
    const project = await createProjectFor(owner, { status: "ARCHIVED" });
    const moved = await call(status.POST, "POST", "/", { token, params: { id: project.id }, body: { status: "DRAFT" } });
    expect(moved.status).toBe(200);
    const read = await call(one.GET, "GET", "/", { token, params: { id: project.id } });
    // The ETag the caller's own read would send (a member's includes their access).
    expect(moved.headers.get("etag")).toBe(read.headers.get("etag"));
    const patched = await call(one.PATCH, "PATCH", "/", {
      token,
      params: { id: project.id },
      headers: { "if-match": moved.headers.get("etag")! },
      body: { game: "Next" },
    });
    expect(patched.status).toBe(200);

    await db.project.update({ where: { id: project.id }, data: { status: "IN_REVIEW", submittedAt: new Date() } });
    const reviewer = await tokenFor((await createUser({ roles: ["TEAM_LEAD"] })).id);
    const decided = await call(decision.POST, "POST", "/", {
      token: reviewer,
      params: { projectId: project.id },
      body: { decision: "APPROVE", checklist: { completeness: passed, quality: passed, guidelines: passed, security: passed } },
    });
    expect(decided.status).toBe(200);
    const after = await call(one.GET, "GET", "/", { token: reviewer, params: { id: project.id } });
    expect(decided.headers.get("etag")).toBe(after.headers.get("etag"));
  });

  it("answers a create, a trust change and a restore with the project as the caller's read shows it, ETag included", async () => {
    const owner = await createPartner();
    const token = await tokenFor(owner.id);
    const made = await call(projects.POST, "POST", "/", { token, body: { name: "Etag Probe", game: "Game", category: "MOD" } });
    expect(made.status).toBe(201);
    const params = { id: made.json!.id as string };
    const read = await call(one.GET, "GET", "/", { token, params });
    expect({ etag: made.headers.get("etag"), body: made.json }).toEqual({ etag: read.headers.get("etag"), body: read.json });

    const lead = await tokenFor((await createUser({ roles: ["PROJECT_LEAD"] })).id);
    const trusted = await call(trust.PUT, "PUT", "/", {
      token: lead,
      params,
      body: { trusted: true, reason: "Known team" },
    });
    expect(trusted.status).toBe(200);
    const leadRead = await call(one.GET, "GET", "/", { token: lead, params });
    expect({ etag: trusted.headers.get("etag"), body: trusted.json }).toEqual({ etag: leadRead.headers.get("etag"), body: leadRead.json });

    await db.project.update({ where: params, data: { deletedAt: new Date() } });
    const restored = await call(restore.POST, "POST", "/", { token: lead, params });
    expect(restored.status).toBe(200);
    const restoredRead = await call(one.GET, "GET", "/", { token: lead, params });
    expect({ etag: restored.headers.get("etag"), body: restored.json }).toEqual({
      etag: restoredRead.headers.get("etag"),
      body: restoredRead.json,
    });
  });

  it("answers the partner history of a user who does not exist with 404", async () => {
    const staff = await tokenFor((await createUser({ roles: ["TEAM_LEAD"] })).id);
    const response = await call(partnerHistory.GET, "GET", "/", { token: staff, params: { id: "no-such-user" } });
    expect(response.status).toBe(404);
  });

  it("limits the verification link on its own budget, not registration's", async () => {
    const ip = "10.77.0.1";
    for (let i = 0; i < RATE_LIMITS.registerPerIp.limit; i++) {
      await call(verify.POST, "POST", "/", { ip, body: { token: `pmv_unknown${i}` } });
    }
    const response = await call(verify.POST, "POST", "/", { ip, body: { token: "pmv_unknown-last" } });
    expect(response.status).not.toBe(429);
  });
});
