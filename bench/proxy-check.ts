/**
 * The proof run through the proxy that a signed-in answer never comes back to anyone else
 * (docs/deploy.md). User A reads, signed in (session cookie, and token), a private project of
 * theirs, a public project they lead, their own account and My projects; an anonymous visitor and
 * user B read the same addresses right after, in several rounds, before and after an anonymous
 * answer of each address has been asked for (and cached, when the app marks it public). The app's
 * modules are imported lazily: the caller points DATABASE_URL at the benchmark's database first.
 */
import { randomBytes } from "node:crypto";

const SESSION_COOKIE = "__Host-pums.session";

export interface ProxyCheckResult {
  /** Requests made through the proxy. */
  requests: number;
  /** What went wrong: empty when every answer went to the one it belongs to. */
  failures: string[];
  /** X-Cache-Status of the anonymous answers, counted (HIT shows that the cache was in play). */
  anonymousCache: Record<string, number>;
}

async function signedInUser(label: string, stamp: string, secret: string) {
  const { db } = await import("../lib/db/client");
  const { issueToken } = await import("../lib/auth/tokens");
  const { createSession } = await import("../lib/auth/sessions");
  const { encode } = await import("next-auth/jwt");
  const username = `check_${label}_${stamp}`;
  const user = await db.user.create({
    data: {
      username,
      usernameKey: username,
      email: `${username}@bench.test`,
      displayName: `Check ${label}`,
      passwordHash: "-",
      platformRoles: ["USER", "PARTNER"],
      partnerStatus: "ACTIVE",
    },
  });
  const { token } = await db.$transaction((tx) =>
    issueToken(
      tx,
      user.id,
      { name: "check", scopes: ["read"], expiresInDays: 1 },
      { actorId: user.id, via: "SYSTEM" },
      { authenticatedAt: new Date() },
    ),
  );
  const session = await db.$transaction((tx) =>
    createSession(tx, user, { ip: "127.0.0.1", userAgent: "bench", requestId: `check-${stamp}` }, null),
  );
  const cookie = `${SESSION_COOKIE}=${await encode({ token: { sid: session.id }, secret, salt: SESSION_COOKIE })}`;
  return { user, token, cookie };
}

/** Runs the check against the proxy at `base`; the database is the instances' (DATABASE_URL). */
export async function proxyCheck(base: string, secret: string, rounds = 5): Promise<ProxyCheckResult> {
  const { db, disconnectDatabase } = await import("../lib/db/client");
  const { actorFromUser } = await import("../lib/auth/actor");
  const { createProject } = await import("../lib/projects/service");
  const stamp = randomBytes(4).toString("hex");
  const alice = await signedInUser("alice", stamp, secret);
  const bob = await signedInUser("bob", stamp, secret);
  const meta = { ip: "127.0.0.1", userAgent: "bench", requestId: `check-${stamp}` };
  const project = async (name: string, visibility: "PUBLIC" | "PRIVATE") => {
    const created = await createProject(
      actorFromUser(alice.user),
      {
        name,
        description: "",
        game: "Bench",
        category: "Bench",
        visibility,
        modules: [],
        bannerUrl: null,
        logoUrl: null,
        websiteUrl: null,
        chatUrl: null,
        trailerUrl: null,
      },
      meta,
    );
    await db.project.update({ where: { id: created.id }, data: { status: "PUBLISHED" } });
    return created.id;
  };
  const secretName = `Alice's secret ${stamp}`;
  const privateId = await project(secretName, "PRIVATE");
  const publicId = await project(`Alice's public ${stamp}`, "PUBLIC");
  await disconnectDatabase();

  const failures: string[] = [];
  const anonymousCache: Record<string, number> = {};
  let requests = 0;
  const get = async (target: string, headers: Record<string, string>) => {
    requests++;
    const response = await fetch(base + target, { headers, redirect: "manual" });
    return { status: response.status, body: await response.text(), cache: response.headers.get("x-cache-status") ?? "none" };
  };
  // What only Alice may see in each answer.
  const alicesMarks = [alice.user.email, secretName, privateId, `"access":`];
  const addresses = [
    { target: `/api/v1/projects/${privateId}`, aliceSees: [secretName] },
    { target: `/api/v1/projects/${publicId}`, aliceSees: [`"access":`] },
    { target: "/api/v1/users/me", aliceSees: [alice.user.email] },
    { target: "/api/v1/projects?member=me&limit=20", aliceSees: [secretName] },
    { target: "/my-projects", aliceSees: [secretName] },
  ];
  type Reader = { who: string; headers: Record<string, string> };
  const others: Reader[] = [
    { who: "anonymous", headers: {} },
    { who: "Bob (session)", headers: { cookie: bob.cookie } },
    { who: "Bob (token)", headers: { authorization: `Bearer ${bob.token}` } },
  ];
  const alices: Reader[] = [
    { who: "Alice (session)", headers: { cookie: alice.cookie } },
    { who: "Alice (token)", headers: { authorization: `Bearer ${alice.token}` } },
  ];
  for (let round = 1; round <= rounds; round++) {
    for (const { target, aliceSees } of addresses) {
      // Odd rounds: Alice first, then the others; even rounds: the others first (an anonymous
      // answer may be cached by then), then Alice, then the others again.
      const readers = round % 2 === 1 ? [...alices, ...others] : [...others, ...alices, ...others];
      for (const reader of readers) {
        const isAlice = reader.who.startsWith("Alice");
        // My projects is a portal page: the session only (a token is for the API).
        if (target === "/my-projects" && reader.who.endsWith("(token)")) continue;
        const answer = await get(target, reader.headers);
        if (reader.who === "anonymous") anonymousCache[answer.cache] = (anonymousCache[answer.cache] ?? 0) + 1;
        if (isAlice) {
          if (answer.status !== 200 || !aliceSees.every((mark) => answer.body.includes(mark)))
            failures.push(`round ${round}: ${reader.who} did not get her own answer of ${target} (${answer.status}, ${answer.cache})`);
        } else {
          const leaked = alicesMarks.filter((mark) => answer.body.includes(mark));
          if (leaked.length)
            failures.push(
              `round ${round}: ${reader.who} got Alice's ${leaked.join(", ")} from ${target} (${answer.status}, ${answer.cache})`,
            );
        }
      }
    }
  }
  return { requests, failures, anonymousCache };
}

/** The check's lines of the report and its row of the targets table. */
export function proxyCheckReport(result: ProxyCheckResult): { section: string[]; targets: string[] } {
  const cache = Object.entries(result.anonymousCache)
    .map(([status, count]) => `${status} ${count}`)
    .join(", ");
  return {
    section: [
      "### A signed-in answer never reaches anyone else",
      "",
      `${result.requests} requests through the proxy (bench/proxy-check.ts, docs/deploy.md): Alice, signed in with a session and with a token, then an anonymous visitor and Bob (session, token) read Alice's private project, a public project she leads, \`/api/v1/users/me\`, her \`member=me\` list and My projects, in rounds that alternate who comes first. The anonymous answers' X-Cache-Status: ${cache}.`,
      "",
      ...(result.failures.length
        ? ["Failures:", "", ...result.failures.map((failure) => `- ${failure}`), ""]
        : ["Every answer went to the one it belongs to.", ""]),
    ],
    targets: [
      `| no signed-in answer reaches anyone else through the proxy | ${result.failures.length} of ${result.requests} answers wrong | ${result.failures.length === 0 ? "met" : "**not met**"} |`,
    ],
  };
}
