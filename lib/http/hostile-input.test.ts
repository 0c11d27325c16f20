import { beforeAll, describe, expect, it } from "vitest";
import * as tokenSignIn from "@/app/api/v1/auth/token/route";
import * as one from "@/app/api/v1/projects/[id]/route";
import * as projects from "@/app/api/v1/projects/route";
import * as me from "@/app/api/v1/users/me/route";
import { OPERATIONS } from "../api/registry";
import { db } from "../db/client";
import { createPartner, createProjectFor, createUser, TEST_PASSWORD, tokenFor } from "../testing/factories";
import { call } from "../testing/http";
import { routeModule } from "../testing/in-process";

/**
 * Input an outside client can send that once answered 500 (security review findings 16-18):
 * every one is a 4xx problem+json now, and nothing is written.
 */
describe("hostile input through real route handlers", () => {
  let partner: Awaited<ReturnType<typeof createPartner>>;
  let project: Awaited<ReturnType<typeof createProjectFor>>;
  let token: string;

  beforeAll(async () => {
    partner = await createPartner();
    project = await createProjectFor(partner);
    token = await tokenFor(partner.id);
  });

  async function sessionCookie(userId: string) {
    const { createSession } = await import("../auth/sessions");
    const { encode } = await import("next-auth/jwt");
    const { SESSION_COOKIE } = await import("../auth/config");
    const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
    const session = await db.$transaction((tx) => createSession(tx, user, { ip: null, userAgent: null, requestId: "t" }, null));
    return `${SESSION_COOKIE}=${await encode({ token: { sid: session.id }, secret: process.env.AUTH_SECRET!, salt: SESSION_COOKIE })}`;
  }

  function expectProblem(response: { status: number; headers: Headers; json: Record<string, unknown> | null }, status: number) {
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.json).toMatchObject({ status });
  }

  it("treats Origin: null on a cookie request as cross-origin (403)", async () => {
    const cookie = await sessionCookie(partner.id);
    const response = await call(projects.POST, "POST", "/api/v1/projects", {
      body: { name: "Null origin" },
      headers: { cookie, origin: "null", host: "127.0.0.1:3000" },
    });
    expectProblem(response, 403);
    expect(response.json).toMatchObject({ code: "cross_origin" });
    expect(await db.project.count({ where: { name: "Null origin" } })).toBe(0);
  });

  it.each([
    ["a query string", () => call(projects.GET, "GET", "/api/v1/projects?q=a%00b")],
    ["a path id", () => call(one.GET, "GET", "/", { params: { id: "ab\u0000c" } })],
    ["a sign-in body", () => call(tokenSignIn.POST, "POST", "/", { body: { login: "ad\u0000min", password: "x" } })],
    [
      "a nested body field",
      () =>
        call(one.PATCH, "PATCH", "/", { token, params: { id: project.id }, headers: { "if-match": '"v1"' }, body: { game: "Game\u0000" } }),
    ],
    ["a body key", () => call(me.PUT, "PUT", "/", { token, headers: { "if-match": '"v1"' }, body: { "display\u0000Name": "x" } })],
  ])("answers a NUL byte in %s with 400", async (_label, send) => {
    expectProblem(await send(), 400);
  });

  it("names the NUL field", async () => {
    const response = await call(tokenSignIn.POST, "POST", "/", { body: { login: "ad\u0000min", password: TEST_PASSWORD } });
    expect(response.json!.errors).toEqual([{ path: "login", message: expect.stringMatching(/NUL|control/i) }]);
  });

  it.each(['"v2147483648"', '"v99999999999999999999"'])(
    "answers an If-Match version beyond the database's range (%s) with 400",
    async (ifMatch) => {
      const response = await call(one.PATCH, "PATCH", "/", {
        token,
        params: { id: project.id },
        headers: { "if-match": ifMatch },
        body: { game: "Unchanged" },
      });
      expectProblem(response, 400);
      expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).game).toBe("Test game");
    },
  );

  it("reports each unknown field on its own path", async () => {
    const user = await createUser();
    const response = await call(me.PUT, "PUT", "/", {
      token: await tokenFor(user.id),
      headers: { "if-match": '"v1"' },
      body: { a: 1, b: 2, c: 3 },
    });
    expectProblem(response, 400);
    expect(response.json!.errors).toEqual([
      { path: "a", message: "Unknown field." },
      { path: "b", message: "Unknown field." },
      { path: "c", message: "Unknown field." },
    ]);
  });

  describe("valid JSON nested 5,000 levels deep (issue 23, finding 13)", () => {
    const DEPTH = 5_000;
    const bodies = {
      arrays: "[".repeat(DEPTH) + "]".repeat(DEPTH),
      objects: `${'{"a":'.repeat(DEPTH)}1${"}".repeat(DEPTH)}`,
    };
    const withJsonBody = OPERATIONS.filter((operation) => operation.body).map(
      (operation) => [`${operation.method} ${operation.path}`, operation] as const,
    );

    it("is sent to every operation with a JSON body", () => {
      expect(withJsonBody.length).toBeGreaterThanOrEqual(21);
    });

    // Refused by a linear scan before JSON.parse: milliseconds, where walking the parsed value
    // once took 0.4-0.7 s of CPU and overflowed the stack (500).
    it.each(withJsonBody)("%s answers 400 too_deep, quickly", async (_label, operation) => {
      const route = await routeModule(operation.path);
      const params = Object.fromEntries(
        [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, name === "id" ? project.id : "x"]),
      );
      for (const [shape, rawBody] of Object.entries(bodies)) {
        const started = performance.now();
        const response = await call(route[operation.method], operation.method, operation.path, {
          token,
          params,
          rawBody,
          headers: { "content-type": "application/json", "if-match": '"v1"' },
          ip: "10.23.13.1",
        });
        const elapsed = performance.now() - started;
        expectProblem(response, 400);
        expect(response.json, shape).toMatchObject({ code: "too_deep" });
        expect(elapsed, shape).toBeLessThan(250);
      }
    });
  });
});
