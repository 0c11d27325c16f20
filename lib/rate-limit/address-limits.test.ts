import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it, vi } from "vitest";
import * as resetConfirm from "@/app/api/v1/auth/password-reset/confirm/route";
import * as resetRequest from "@/app/api/v1/auth/password-reset/route";
import * as deviceStart from "@/app/api/v1/auth/device/route";
import * as register from "@/app/api/v1/auth/register/route";
import * as tokenSignIn from "@/app/api/v1/auth/token/route";
import * as verifyEmail from "@/app/api/v1/auth/verify-email/route";
import * as projects from "@/app/api/v1/projects/route";
import { confirmPassword } from "../auth/password-check";
import { describeDeviceSignIn } from "../device-sign-in/service";
import { TooManyRequests } from "../errors";
import { actorOf, createUser, testMeta, unique } from "../testing/factories";
import { call } from "../testing/http";
import { RATE_LIMITS } from ".";
import { verifyEmailFromLink } from "@/lib/users/service";

// Small budgets, so each row spends one in a few requests (read when lib/rate-limit loads).
vi.hoisted(() => {
  process.env.REGISTER_LIMIT_PER_IP = "2";
  process.env.SIGN_IN_LIMIT_PER_IP = "2";
  process.env.API_RATE_LIMIT_PER_MINUTE = "40"; // above every other row, which are API calls too
});

// Every IPv6 subscriber gets a /64 and its hosts pick addresses in it at will, so each
// per-address budget must count a /64 as one client, as it counts an IPv4 address.
let networks = 0;
/** A fresh /64 of the documentation prefix; `host` picks an address inside it. */
function network() {
  const prefix = `2001:db8:${(++networks).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
  return (host: number) => `${prefix}:${host.toString(16)}:${((host * 7919) % 0x10000).toString(16)}::${host.toString(16)}`;
}

/** Status of one request (or function call) of a per-address budget from `ip`; `n` counts the requests of a row. */
type Attempt = (ip: string, n: number) => Promise<number>;

/**
 * The status of a service call no route answers for: `ok` when it returns, 429 when the budget is
 * spent, `refused` for any other error (rethrown when no `refused` is given).
 */
async function statusOf(run: () => Promise<unknown>, ok: number, refused?: number): Promise<number> {
  try {
    await run();
    return ok;
  } catch (error) {
    if (error instanceof TooManyRequests) return 429;
    if (refused === undefined) throw error;
    return refused;
  }
}

const ROWS: [string, number, Attempt][] = [
  [
    "sign-up",
    RATE_LIMITS.registerPerIp.limit,
    async (ip, n) => {
      const name = unique(`six${n}`).slice(0, 30);
      return (
        await call(register.POST, "POST", "/api/v1/auth/register", {
          ip,
          body: { username: name, email: `${name}@example.test`, password: "a long enough passphrase", displayName: "Six" },
        })
      ).status;
    },
  ],
  [
    "the anonymous API caller",
    RATE_LIMITS.apiPerCaller.limit,
    async (ip) => (await call(projects.GET, "GET", "/api/v1/projects", { ip })).status,
  ],
  [
    "sign-in per address",
    RATE_LIMITS.signInPerIp.limit,
    async (ip, n) =>
      (await call(tokenSignIn.POST, "POST", "/api/v1/auth/token", { ip, body: { login: `nobody-${n}-${unique()}`, password: "wrong" } }))
        .status,
  ],
  [
    "password checks of a signed-in user (same budget as sign-in)",
    RATE_LIMITS.signInPerIp.limit,
    async (ip) => {
      const user = await createUser();
      return statusOf(() => confirmPassword(user, "not the password", testMeta(ip)), 200);
    },
  ],
  [
    "password-reset requests",
    RATE_LIMITS.passwordResetPerIp.limit,
    async (ip, n) => (await call(resetRequest.POST, "POST", "/", { ip, body: { email: `nobody-${n}-${unique()}@example.test` } })).status,
  ],
  [
    "password-reset confirmations",
    RATE_LIMITS.passwordResetConfirmPerIp.limit,
    async (ip) =>
      (await call(resetConfirm.POST, "POST", "/", { ip, body: { token: "pmr_made-up", newPassword: "a long enough passphrase" } })).status,
  ],
  [
    "e-mail verification links",
    RATE_LIMITS.verifyEmailPerIp.limit,
    async (ip) => (await call(verifyEmail.POST, "POST", "/", { ip, body: { token: "made-up" } })).status,
  ],
  [
    "the portal's e-mail verification page",
    RATE_LIMITS.verifyEmailPerIp.limit,
    async (ip) => statusOf(() => verifyEmailFromLink("made-up", testMeta(ip)), 204, 422),
  ],
  [
    "device sign-in starts",
    RATE_LIMITS.deviceStartPerIp.limit,
    async (ip) => (await call(deviceStart.POST, "POST", "/", { ip, body: { clientName: "Limited launcher" } })).status,
  ],
  [
    "device sign-in code look-ups (each by another account)",
    RATE_LIMITS.deviceCodePerIp.limit,
    async (ip) => statusOf(async () => describeDeviceSignIn(actorOf(await createUser()), "BCDFGHJK", testMeta(ip)), 200, 400),
  ],
];

describe("per-address rate limits", () => {
  it("use the small budgets this file sets", () => {
    expect([RATE_LIMITS.registerPerIp.limit, RATE_LIMITS.signInPerIp.limit, RATE_LIMITS.apiPerCaller.limit]).toEqual([2, 2, 40]);
  });

  it.each(ROWS)("%s: count the addresses of one IPv6 /64 as one client", async (_name, limit, attempt) => {
    const host = network();
    const statuses: number[] = [];
    for (let n = 0; n <= limit; n++) statuses.push(await attempt(host(n + 1), n));
    expect(statuses.slice(0, limit)).not.toContain(429);
    expect(statuses[limit]).toBe(429);
    // another /64 is another client
    expect(await attempt(network()(1), limit + 1)).not.toBe(429);
  });

  it.each(ROWS)("%s: still count each IPv4 address on its own", async (_name, limit, attempt) => {
    const base = `10.${40 + networks++}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let n = 0; n <= limit; n++) statuses.push(await attempt(`${base}.1`, n));
    expect(statuses[limit]).toBe(429);
    expect(await attempt(`${base}.2`, limit + 1)).not.toBe(429);
  });
});

// The rows above are the limits of today; this keeps the next one from forgetting the /64: every
// budget keyed on an address goes through enforceForAddress, never enforce or hit with the address.
const ROOT = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** Every call of `names` in app/ and lib/ (outside lib/rate-limit), as "file: callee(arguments)". */
function callsOf(names: string[]): string[] {
  const found: string[] = [];
  for (const file of [...sourceFiles("app"), ...sourceFiles("lib")].filter((file) => !file.startsWith("lib/rate-limit/"))) {
    const source = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && names.includes(node.expression.text)) {
        found.push(`${file}: ${node.expression.text}(${node.arguments.map((argument) => argument.getText(source)).join(", ")})`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe("budgets keyed on a client address", () => {
  it("all go through enforceForAddress (read from the code)", () => {
    expect(callsOf(["enforceForAddress"])).toEqual(
      expect.arrayContaining([
        "lib/users/service.ts: enforceForAddress(RATE_LIMITS.registerPerIp, meta.ip)",
        "lib/auth/password-check.ts: enforceForAddress(RATE_LIMITS.signInPerIp, meta.ip)",
        "lib/auth/sign-in.ts: enforceForAddress(RATE_LIMITS.signInPerIp, meta.ip)",
        "lib/account/passwords.ts: enforceForAddress(RATE_LIMITS.passwordResetPerIp, meta.ip)",
        "lib/account/passwords.ts: enforceForAddress(RATE_LIMITS.passwordResetConfirmPerIp, meta.ip)",
        // The route wrapper's per-operation and anonymous budgets (enforceOperationLimit, enforceCallerLimit).
        "lib/http/route.ts: enforceForAddress(rule, ip)",
        "lib/http/route.ts: enforceForAddress(RATE_LIMITS.apiPerCaller, ip)",
        "lib/portal/action.ts: enforceForAddress(declaration.rateLimit, meta.ip)",
        "lib/device-sign-in/service.ts: enforceForAddress(RATE_LIMITS.deviceCodePerIp, meta.ip)",
      ]),
    );
  });

  it("never reach enforce or hit with the address itself", () => {
    const calls = callsOf(["enforce", "hit"]);
    expect(calls.length).toBeGreaterThan(3);
    expect(calls.filter((call) => /\bip\b|clientIp|PerIp\b/.test(call.slice(call.indexOf("(") + 1)))).toEqual([]);
  });
});
