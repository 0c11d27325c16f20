import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { testDatabaseUrl } from "../testing/database-url";

/**
 * The database goes away: every route answers 503 problem+json with Retry-After (never 500) and
 * the service recovers by itself; writes it acknowledged are in the database afterwards.
 * This needs a PostgreSQL server (CI runs it with TEST_DATABASE_URL): the outage is made on a
 * database of this test's own, by terminating the service's connections and by refusing new ones.
 */
const postgres = inject("databaseKind") === "postgresql";
const name = `pums_outage_${randomBytes(4).toString("hex")}`;
let admin: pg.Client;

describe.runIf(postgres)("database outage (PostgreSQL)", () => {
  beforeAll(async () => {
    const base = new URL(testDatabaseUrl());
    admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const own = new URL(base);
    own.pathname = `/${name}`;
    const { applyMigrations, readMigrations } = await import("./migrations/apply");
    const client = new pg.Client({ connectionString: own.toString() });
    await client.connect();
    await applyMigrations({ query: (sql, params) => client.query(sql, params), exec: (sql) => client.query(sql) }, await readMigrations());
    await client.end();
    // This file's process talks only to its own database from here on.
    const { disconnectDatabase } = await import("./client");
    await disconnectDatabase();
    process.env.DATABASE_URL = own.toString();
  });

  afterAll(async () => {
    const { disconnectDatabase } = await import("./client");
    await disconnectDatabase();
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  async function terminateConnections() {
    await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [name]);
  }

  it("answers 503 with Retry-After while the database is away, and recovers by itself", async () => {
    const { call } = await import("../testing/http");
    const projects = await import("@/app/api/v1/projects/route");
    const register = await import("@/app/api/v1/auth/register/route");
    const me = await import("@/app/api/v1/users/me/route");
    const signUp = (username: string) =>
      call(register.POST, "POST", "/", {
        ip: `10.66.0.${Math.floor(Math.random() * 250)}`,
        body: { username, email: `${username}@example.test`, password: "a fine passphrase", displayName: "Outage" },
      });

    expect((await call(projects.GET, "GET", "/api/v1/projects")).status).toBe(200);
    const acknowledged: string[] = [];
    const first = `outage${randomBytes(3).toString("hex")}`;
    expect((await signUp(first)).status).toBe(201);
    acknowledged.push(first);

    // Connections die under the service's feet, and no new ones are allowed.
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await terminateConnections();
    for (const response of [
      await call(projects.GET, "GET", "/api/v1/projects"),
      await signUp(`outage${randomBytes(3).toString("hex")}`),
      await call(me.GET, "GET", "/", { token: "pmt_not-a-real-token-but-needs-the-database" }),
    ]) {
      expect(response.status).toBe(503);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(response.json).toMatchObject({ status: 503, code: "database_unavailable" });
      expect(response.text).not.toMatch(/ECONNREFUSED|pg_|terminat|allow connections/i);
    }

    // The database is back: the next requests work without a restart.
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    let recovered = 0;
    for (let attempt = 0; attempt < 20 && recovered !== 200; attempt++) {
      recovered = (await call(projects.GET, "GET", "/api/v1/projects")).status;
      if (recovered !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(recovered).toBe(200);
    const second = `outage${randomBytes(3).toString("hex")}`;
    expect((await signUp(second)).status).toBe(201);
    acknowledged.push(second);

    // Terminated again while idle: the next request still answers (a fresh connection), never 500.
    await terminateConnections();
    const after = await call(projects.GET, "GET", "/api/v1/projects");
    expect([200, 503]).toContain(after.status);

    const check = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await check.connect();
    const { rows } = await check.query('SELECT username FROM "User" WHERE username = ANY($1)', [acknowledged]);
    await check.end();
    expect(rows.map((row) => row.username).sort()).toEqual([...acknowledged].sort());
  });
});
