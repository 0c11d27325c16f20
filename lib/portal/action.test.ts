import { encode } from "next-auth/jwt";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { SESSION_COOKIE } from "../auth/config";
import { createSession } from "../auth/sessions";
import { db } from "../db/client";
import { Conflict, NotFound, ValidationFailed } from "../errors";
import { createUser, unique } from "../testing/factories";

// Next.js' request scope, which only exists inside a running app: the cookie and headers of the
// current request, and what revalidatePath/redirect were asked to do. Our own code runs for real.
const request = { cookies: new Map<string, string>(), headers: new Headers() };
const revalidated: [string, string | undefined][] = [];

vi.mock("next/headers", () => ({
  cookies: async () => ({ get: (name: string) => (request.cookies.has(name) ? { name, value: request.cookies.get(name) } : undefined) }),
  headers: async () => request.headers,
}));
vi.mock("next/cache", () => ({ revalidatePath: (path: string, type?: string) => void revalidated.push([path, type]) }));
vi.mock("next/navigation", () => {
  class Redirect extends Error {
    constructor(readonly to: string) {
      super(`redirect to ${to}`);
    }
  }
  return {
    redirect: (to: string) => {
      throw new Redirect(to);
    },
    unstable_rethrow: (error: unknown) => {
      if (error instanceof Redirect) throw error;
    },
  };
});

const { portalAction, publicAction, projectTarget } = await import("./action");

let user: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  user = await createUser();
});

beforeEach(async () => {
  request.cookies.clear();
  request.headers = new Headers({
    "x-forwarded-for": `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    "user-agent": "test",
  });
  revalidated.length = 0;
});

async function signIn() {
  const session = await db.$transaction((tx) => createSession(tx, user, { ip: null, userAgent: null, requestId: "t" }, null));
  request.cookies.set(SESSION_COOKIE, await encode({ token: { sid: session.id }, secret: process.env.AUTH_SECRET!, salt: SESSION_COOKIE }));
}

const rename = portalAction({
  signIn: (args) => `/projects/${projectTarget.parse(args[0]).slug}/manage`,
  args: z.tuple([projectTarget, z.strictObject({ name: z.string().min(3, "Too short.") })]),
  run: async ([target, input], { actor, meta, audit }) => {
    if (input.name === "taken") throw new Conflict("The name is taken.");
    if (input.name === "missing") throw new NotFound("project");
    if (input.name === "owner") throw new ValidationFailed([{ path: "ownerId", message: "No such user." }]);
    return { message: `Renamed ${target.slug} by ${actor.username}`, data: { ip: meta.ip, via: audit.via, actorId: audit.actorId } };
  },
  revalidate: ([target]) => [[`/projects/${target.slug}`, "layout"], "/my-projects"],
  fieldNames: { ownerId: "ownerUsername" },
});

const target = { projectId: "p1", slug: "skyforge" };
/** A refusal with one field error, as the form shows it. */
const fieldError = (field: string, message: string) => ({
  ok: false,
  message: "Please correct the highlighted fields.",
  fieldErrors: { [field]: message },
});

describe("portalAction", () => {
  it("sends a visitor without a session to sign in and back", async () => {
    await expect(rename(target, { name: "Skyforge" })).rejects.toMatchObject({ to: "/sign-in?next=%2Fprojects%2Fskyforge%2Fmanage" });
    expect(revalidated).toEqual([]);
  });

  it("runs with the actor, the request meta and the audit context built once, then revalidates", async () => {
    await signIn();
    const ip = request.headers.get("x-forwarded-for");
    const result = await rename(target, { name: "Skyforge" });
    expect(result).toEqual({ ok: true, message: `Renamed skyforge by ${user.username}`, data: { ip, via: "SESSION", actorId: user.id } });
    expect(revalidated).toEqual([
      ["/projects/skyforge", "layout"],
      ["/my-projects", undefined],
    ]);
  });

  it("answers invalid input with field errors at the form's own paths, without running", async () => {
    await signIn();
    expect(await rename(target, { name: "ab" })).toEqual(fieldError("name", "Too short."));
    expect(await rename(target, { name: "Skyforge", extra: 1 } as never)).toEqual(fieldError("extra", "Unknown field."));
    expect(revalidated).toEqual([]);
  });

  it("maps the service's typed errors to the form's message, renaming fields the form calls otherwise", async () => {
    await signIn();
    expect(await rename(target, { name: "taken" })).toEqual({ ok: false, message: "The name is taken." });
    expect(await rename(target, { name: "missing" })).toMatchObject({ ok: false });
    expect(await rename(target, { name: "owner" })).toEqual(fieldError("ownerUsername", "No such user."));
    expect(revalidated).toEqual([]);
  });

  it("says the service's and the schema's English messages in the reader's language", async () => {
    await signIn();
    await db.user.update({ where: { id: user.id }, data: { language: "de" } });
    try {
      expect(await rename(target, { name: "missing" })).toEqual({
        ok: false,
        message: "Das gibt es nicht (mehr), oder du darfst es nicht sehen.",
      });
      expect(await rename(target, { name: "ab" })).toMatchObject({
        ok: false,
        message: "Bitte korrigiere die markierten Felder.",
        fieldErrors: { name: "Too short." },
      });
      expect(await rename(target, { name: "Skyforge", extra: 1 } as never)).toMatchObject({ fieldErrors: { extra: "Unbekanntes Feld." } });
    } finally {
      await db.user.update({ where: { id: user.id }, data: { language: "en" } });
    }
  });
});

describe("zod's own messages", () => {
  const label = portalAction({ signIn: "/x", args: z.tuple([z.strictObject({ label: z.string().min(3) })]), run: async () => "ok" });

  it("reach the form in the reader's language, never as zod's English", async () => {
    await signIn();
    expect(await label({ label: "ab" })).toMatchObject({ ok: false, fieldErrors: { label: "At least 3 characters." } });
    await db.user.update({ where: { id: user.id }, data: { language: "de" } });
    await signIn(); // a new session: the last one's caller is cached with the old setting
    try {
      expect(await label({ label: "ab" })).toMatchObject({ ok: false, fieldErrors: { label: "Mindestens 3 Zeichen." } });
    } finally {
      await db.user.update({ where: { id: user.id }, data: { language: "en" } });
    }
  });
});

describe("publicAction", () => {
  const rule = { name: unique("action-test"), limit: 2, windowSeconds: 60 };
  const ping = publicAction({
    args: z.tuple([z.string()]),
    rateLimit: rule,
    run: async ([word], { actor }) => ({ message: word, data: { signedIn: actor !== null } }),
    redirect: ([word]) => (word === "go" ? "/welcome" : undefined),
  });

  it("works without a session, applies its rate limit per client IP, and redirects after success", async () => {
    expect(await ping("one")).toEqual({ ok: true, message: "one", data: { signedIn: false } });
    await expect(ping("go")).rejects.toMatchObject({ to: "/welcome" });
    const limited = await ping("three");
    expect(limited.ok).toBe(false);
    request.headers.set("x-forwarded-for", "10.78.0.1");
    expect((await ping("four")).ok).toBe(true);
  });
});
