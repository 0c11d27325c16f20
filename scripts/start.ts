// npm start: everything a fresh clone needs. Builds if needed, starts the embedded database
// (unless DATABASE_URL names PostgreSQL), applies migrations, creates the first Project lead,
// and serves the portal and API on http://127.0.0.1:3000 (HOST and PORT configurable).
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { dataDirectory, DataDirInUseError, startEmbeddedDatabase } from "../lib/db/embedded";
import { describeResult } from "../lib/db/migrations/apply";
import { migratePostgres } from "../lib/db/migrations/run";
import { generateSigningKey, launcherKeyring } from "../lib/launcher/signing";
import { buildIfNeeded } from "./build-if-needed";

const root = path.join(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");
const dataDir = dataDirectory();
process.env.NEXT_TELEMETRY_DISABLED = "1";

function authSecret(): string {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "auth-secret");
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

/** The launcher's signing key (docs/launcher.md): LAUNCHER_SIGNING_KEY, else one generated once into the data folder. */
function launcherSigningKey(): string {
  if (process.env.LAUNCHER_SIGNING_KEY) return process.env.LAUNCHER_SIGNING_KEY;
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "launcher-signing-key");
  if (!existsSync(file)) writeFileSync(file, generateSigningKey(), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

async function main() {
  let stopDatabase: (() => Promise<void>) | undefined;
  let databaseUrl = process.env.DATABASE_URL;

  if (databaseUrl) {
    console.log(describeResult(await migratePostgres(databaseUrl)));
  } else {
    const served = await startEmbeddedDatabase(dataDir, { log: console.log });
    databaseUrl = served.url;
    stopDatabase = served.stop;
    // PGlite serves every connection from one session: concurrent queries from several connections
    // would interleave their protocol messages, and statement names would collide. One connection.
    process.env.DATABASE_POOL_SIZE = "1";
    process.env.DATABASE_NAMED_STATEMENTS = "false";
    console.log(`Embedded database (PGlite) in ${dataDir}`);
  }

  process.env.DATABASE_URL = databaseUrl;
  process.env.AUTH_SECRET = authSecret();
  process.env.LAUNCHER_SIGNING_KEY = launcherSigningKey();
  // An unreadable key (or previous key) stops the start here, not at the first manifest.
  launcherKeyring();
  const { ensureInitialProjectLead } = await import("../lib/users/bootstrap");
  const { disconnectDatabase } = await import("../lib/db/client");
  const created = await ensureInitialProjectLead(dataDir);
  if (created) console.log(created);
  const { purgeDeletedProjects } = await import("../lib/projects/service");
  const purged = await purgeDeletedProjects();
  if (purged) console.log(`Removed ${purged} project(s) deleted more than 30 days ago.`);
  const { renewTwoFactorSecretsAtRest } = await import("../lib/auth/two-factor");
  const renewed = await renewTwoFactorSecretsAtRest();
  if (renewed.totpSecrets || renewed.recoveryCodes)
    console.log(
      `Sealed ${renewed.totpSecrets} TOTP secret(s) again with the current AUTH_SECRET; re-keyed ${renewed.recoveryCodes} recovery code(s).`,
    );
  if (renewed.unreadableTotpSecrets) {
    console.warn(
      `${renewed.unreadableTotpSecrets} TOTP secret(s) open with neither AUTH_SECRET nor AUTH_SECRET_PREVIOUS: those users sign in with a recovery code or ask staff for a two-factor reset, unfinished set-ups start again (docs/security.md).`,
    );
  }
  await disconnectDatabase();

  if (!dev) await buildIfNeeded();
  const server = fork(path.join(root, "scripts/serve.mjs"), dev ? ["--dev"] : [], {
    cwd: root,
    env: { ...process.env, NODE_ENV: dev ? "development" : "production" },
  });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    server.kill(signal);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  server.on("exit", async (code) => {
    await stopDatabase?.();
    process.exit(code ?? 0);
  });
}

main().catch((error) => {
  // A data folder in use is an expected situation: say so plainly, without a stack trace.
  console.error(error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
