/**
 * The proof run through the proxy that a signed-in answer never comes back to anyone else
 * (docs/deploy.md). User A reads, signed in (session cookie, and token), a private project of
 * theirs, a public project they lead, their own account and My projects; an anonymous visitor and
 * user B read the same addresses right after, in several rounds, before and after an anonymous
 * answer of each address has been asked for (and cached, when the app marks it public). The app's
 * modules are imported lazily: the caller points DATABASE_URL at the benchmark's database first.
 */
import { benchPartner } from "./partner";

const SESSION_COOKIE = "__Host-pums.session";

export interface ProxyCheckResult {
  /** Requests made through the proxy. */
  requests: number;
  /** What went wrong: empty when every answer went to the one it belongs to. */
  failures: string[];
  /** X-Cache-Status of the anonymous answers, counted (HIT shows that the cache was in play). */
  anonymousCache: Record<string, number>;
}

/** An ACTIVE partner of this run with a read token and a portal session cookie. */
async function signedInPartner(label: string, secret: string) {
  const partner = await benchPartner(label, ["read"]);
  const { createSession } = await import("../lib/auth/sessions");
  const { encode } = await import("next-auth/jwt");
  const session = await partner.db.$transaction((tx) => createSession(tx, partner.owner, partner.meta, null));
  const cookie = `${SESSION_COOKIE}=${await encode({ token: { sid: session.id }, secret, salt: SESSION_COOKIE })}`;
  return { ...partner, user: partner.owner, cookie };
}

/** Runs the check against the proxy at `base`; the database is the instances' (DATABASE_URL). */
export async function proxyCheck(base: string, secret: string, rounds = 5): Promise<ProxyCheckResult> {
  const alice = await signedInPartner("alice", secret);
  const bob = await signedInPartner("bob", secret);
  const privateId = await alice.publishedProject("Alice's secret", [], { visibility: "PRIVATE" });
  const publicId = await alice.publishedProject("Alice's public", []);
  const secretName = `Alice's secret ${alice.stamp}`;
  await alice.disconnectDatabase();

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
