// The million run of npm run bench (--scale=million): staff user search and the review queues at
// 1,000,000 users, 100,000 projects, 1,000,000 memberships and 100,000 releases, against the same
// at a thousandth of that (1,000 users, 100 projects, 1,000 memberships, 100 releases), on PostgreSQL.
import { createHash } from "node:crypto";
import pg from "pg";
import { load, type LoadResult } from "./load";
import { insertProjectsWithTeams } from "./seed";

/** A password hash computed once for every seeded user ("bench-password"): hashing a million would take days. */
let passwordHash: string | undefined;
async function onePasswordHash(): Promise<string> {
  if (!passwordHash) {
    const { hashPassword } = await import("../lib/auth/passwords");
    passwordHash = await hashPassword("bench-password");
  }
  return passwordHash;
}

/** SQL: eight random-looking lowercase letters for the number `column` (its md5, digits mapped to g-p). */
const LETTERS_OF = (column: string) => `translate(substr(md5(${column}::text), 1, 8), '0123456789', 'ghijklmnop')`;

/** The same eight letters in JavaScript: user 777's are "fhchlpil". */
function lettersOf(n: number): string {
  return createHash("md5")
    .update(String(n))
    .digest("hex")
    .slice(0, 8)
    .replace(/[0-9]/g, (digit) => "ghijklmnop"[Number(digit)]!);
}

/** The tables the seed fills, children last. */
const TABLES = ["User", "Project", "ProjectRole", "ProjectMember", "Release"];

export interface ScaleSeed {
  users: number;
  projects: number;
  memberships: number;
  releases: number;
  /** Seconds the seed took (0: the database already held it). */
  seconds: number;
}

/**
 * Fills a migrated database with `1000 × factor` users, `100 × factor` projects (six roles each),
 * ten memberships per project and one release per project, plus a staff user (`staff`, TEAM_LEAD)
 * and its token. Set-based SQL (INSERT … SELECT … FROM generate_series), one password hash for all;
 * the tables' secondary indexes (the trigram ones included) are dropped during the inserts and
 * built again after them, which is several times faster than keeping them up to date row by row.
 */
export async function seedScale(url: string, factor: number): Promise<ScaleSeed> {
  const users = 1000 * factor;
  const projects = 100 * factor;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS bench_marker (projects int PRIMARY KEY)`);
    const { rows } = await client.query(`SELECT projects FROM bench_marker`);
    if (rows[0]?.projects === projects) return { users, projects, memberships: projects * 10, releases: projects, seconds: 0 };
    const hash = await onePasswordHash();
    await client.query(`SET synchronous_commit = off`);
    await client.query(`SET maintenance_work_mem = '256MB'`);
    await client.query(`TRUNCATE ${TABLES.map((table) => `"${table}"`).join(", ")}, bench_marker CASCADE`);
    // Secondary indexes (not primary keys, not unique constraints) are built again at the end.
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
       JOIN pg_class c ON c.relname = i.indexname
       JOIN pg_index x ON x.indexrelid = c.oid
       WHERE i.schemaname = 'public' AND i.tablename = ANY($1) AND NOT x.indisunique AND NOT x.indisprimary`,
      [TABLES],
    );
    for (const index of indexes) await client.query(`DROP INDEX "${index.name}"`);
    const step = (label: string) =>
      console.log(`scale ${users.toLocaleString("en")} users: ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    // Names of random letters (from the md5 of the number) followed by the number: a search term
    // names about one user at either scale, as a staff search for a person does. (Names that all
    // share a fragment, like the smaller runs' user<n>, make any trigram search read most of the index.)
    await client.query(
      `INSERT INTO "User" (id, username, "usernameKey", email, "displayName", "passwordHash", "emailVerifiedAt", "createdAt", "updatedAt")
       SELECT 'u' || g, ${LETTERS_OF("g")} || g, ${LETTERS_OF("g")} || g, ${LETTERS_OF("g")} || g || '@bench.test', 'User ' || g, $1, now(),
              now() - (g || ' seconds')::interval, now()
       FROM generate_series(1, ${users}) g`,
      [hash],
    );
    step("users");
    await insertProjectsWithTeams(client, projects, users);
    step("projects, roles and memberships");
    // One release per project: a sixth in review (the RELEASE queue), most published.
    await client.query(`
      INSERT INTO "Release" (id, "projectId", version, title, state, "publishedAt", "submittedAt", "createdAt", "updatedAt")
      SELECT 'rel' || g, 'p' || g, '1.0.' || g, 'Release ' || g,
             (ARRAY['PUBLISHED','PUBLISHED','PUBLISHED','DRAFT','IN_REVIEW','YANKED'])[1 + g % 6]::"ReleaseState",
             CASE WHEN g % 6 IN (0, 1, 2, 5) THEN now() - (g || ' seconds')::interval END,
             CASE WHEN g % 6 = 4 THEN now() - (g || ' seconds')::interval END,
             now() - (g || ' seconds')::interval, now()
      FROM generate_series(1, ${projects}) g`);
    step("releases");
    await client.query(
      `INSERT INTO "User" (id, username, "usernameKey", email, "displayName", "passwordHash", "platformRoles", "updatedAt")
       VALUES ('staff', 'staff', 'staff', 'staff@bench.test', 'Staff', $1, ARRAY['USER','TEAM_LEAD']::"PlatformRole"[], now())`,
      [hash],
    );
    for (const index of indexes) await client.query(index.definition);
    step("indexes");
    await client.query(`ANALYZE`);
    await client.query(`INSERT INTO bench_marker VALUES ($1)`, [projects]);
    const seconds = (Date.now() - started) / 1000;
    step("ready");
    return { users, projects, memberships: projects * 10, releases: projects, seconds };
  } finally {
    await client.end();
  }
}

/** A token of the seeded staff user: read, write and admin (staff reads need admin, the queue write too). */
export async function staffToken(url: string): Promise<string> {
  process.env.DATABASE_URL = url;
  const { db, disconnectDatabase } = await import("../lib/db/client");
  const { issueToken } = await import("../lib/auth/tokens");
  const created = await db.$transaction((tx) =>
    issueToken(
      tx,
      "staff",
      { name: "bench staff", scopes: ["read", "write", "admin"], expiresInDays: 1 },
      { actorId: "staff", via: "SYSTEM" },
      { authenticatedAt: new Date() },
    ),
  );
  await disconnectDatabase();
  return created.token;
}

/**
 * The staff reads measured at each scale: a search for a user by a part of their name (`contains`
 * on username, display name and e-mail: the trigram indexes), and the first page of each review queue.
 * The term is the letters of user 777's name, at both scales.
 */
const SEARCH_TERM = lettersOf(777);
export const STAFF_READS = [
  { label: `staff user search \`GET /api/v1/users?q=${SEARCH_TERM}&limit=20\``, target: `/api/v1/users?q=${SEARCH_TERM}&limit=20` },
  { label: "review queue, projects `GET /api/v1/reviews?kind=PROJECT&limit=20`", target: "/api/v1/reviews?kind=PROJECT&limit=20" },
  { label: "review queue, releases `GET /api/v1/reviews?kind=RELEASE&limit=20`", target: "/api/v1/reviews?kind=RELEASE&limit=20" },
] as const;

export interface ScaleRun {
  seed: ScaleSeed;
  /** One connection each (no queueing), in the order of STAFF_READS. */
  reads: LoadResult[];
  /** EXPLAIN ANALYZE of the main statement of each read, in the order of STAFF_READS: the profile. */
  plans: string[];
}

/**
 * The main statement behind each of STAFF_READS, written out as Prisma sends it (the same filter,
 * order and limit), for EXPLAIN ANALYZE: where a slow read spends its time.
 */
const STAFF_STATEMENTS = [
  `SELECT id FROM "User" WHERE "deletedAt" IS NULL AND ("usernameKey" LIKE '%${SEARCH_TERM}%' OR "displayName" ILIKE '%${SEARCH_TERM}%' OR email LIKE '%${SEARCH_TERM}%')
   ORDER BY "createdAt" DESC, id DESC LIMIT 21`,
  `SELECT id FROM "Project" WHERE status = 'IN_REVIEW' AND "deletedAt" IS NULL AND "submittedAt" IS NOT NULL ORDER BY "submittedAt", id LIMIT 21`,
  `SELECT r.id FROM "Release" r JOIN "Project" p ON p.id = r."projectId"
   WHERE r.state = 'IN_REVIEW' AND r."submittedAt" IS NOT NULL AND p."deletedAt" IS NULL ORDER BY r."submittedAt", r.id LIMIT 21`,
];

export async function explainStaffReads(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const plans = [];
    for (const statement of STAFF_STATEMENTS) {
      const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement}`);
      plans.push(rows.map((row) => row["QUERY PLAN"]).join("\n"));
    }
    return plans;
  } finally {
    await client.end();
  }
}

/** Measures STAFF_READS at `base` with one connection: a 2 s warm-up, then `seconds`. */
export async function measureStaffReads(base: string, token: string, seconds: number): Promise<LoadResult[]> {
  const headers = { authorization: `Bearer ${token}` };
  const results = [];
  for (const read of STAFF_READS) {
    await load(base + read.target, { connections: 1, seconds: 2, headers });
    results.push(await load(base + read.target, { connections: 1, seconds, headers }));
  }
  return results;
}

/** The scale section of the report and its rows of the targets table. */
export function scaleReport(small: ScaleRun, large: ScaleRun): { section: string[]; targets: string[] } {
  const scaleLine = (run: ScaleRun) =>
    `${run.seed.users.toLocaleString("en")} users, ${run.seed.projects.toLocaleString("en")} projects, ${run.seed.memberships.toLocaleString("en")} memberships, ${run.seed.releases.toLocaleString("en")} releases`;
  const seeded = (run: ScaleRun) => (run.seed.seconds ? `seeded in ${run.seed.seconds.toFixed(0)} s` : "seeded by an earlier run");
  const section = [
    "## Staff reads at a million users",
    "",
    `PostgreSQL, one connection (no queueing), a staff user's token (TEAM_LEAD; read, write, admin), each read for its seconds after a 2 s warm-up. Small: ${scaleLine(small)} (${seeded(small)}). Large: ${scaleLine(large)} (${seeded(large)}; set-based inserts, one password hash, secondary indexes built after the rows).`,
    "",
    "| request | p50 ms, small | p99 ms, small | p50 ms, large | p99 ms, large | p50 large / small | requests small / large | errors |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...STAFF_READS.map((read, index) => {
      const a = small.reads[index]!;
      const b = large.reads[index]!;
      return `| ${read.label} | ${a.p50.toFixed(2)} | ${a.p99.toFixed(2)} | ${b.p50.toFixed(2)} | ${b.p99.toFixed(2)} | ${(b.p50 / a.p50).toFixed(2)} | ${a.requests} / ${b.requests} | ${a.errors + b.errors} |`;
    }),
    "",
    "The profile: EXPLAIN (ANALYZE, BUFFERS) of each read's main statement at the large scale (bench/scale.ts writes it out as the app sends it).",
    "",
    ...STAFF_READS.flatMap((read, index) => [`${read.label}:`, "", "```", large.plans[index] ?? "", "```", ""]),
  ];
  const verdict = (ok: boolean) => (ok ? "met" : "**not met**");
  const targets = STAFF_READS.map((read, index) => {
    const a = small.reads[index]!;
    const b = large.reads[index]!;
    const ratio = b.p50 / a.p50;
    return `| ${read.label.split(" `")[0]}: p50 at 1,000,000 users ≤ 2 × at 1,000 | ${b.p50.toFixed(2)} ms vs ${a.p50.toFixed(2)} ms: ${ratio.toFixed(2)} × | ${verdict(ratio <= 2 && a.errors + b.errors === 0)} |`;
  });
  return { section, targets };
}
