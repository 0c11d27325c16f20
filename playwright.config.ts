import { existsSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** The keyboard project's own server: the journeys change the demo data (a review publishes Nebula), so each project starts from a fresh copy. */
const KEYBOARD_PORT = Number(process.env.E2E_KEYBOARD_PORT ?? PORT + 2);
export const E2E_ADMIN = { login: "admin", password: "e2e admin passphrase" };
/** The server sends mail here; e2e/account-security.spec.ts listens with a real SMTP server (other tests leave it closed: mail is retried, never blocking). */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 1);

/**
 * A fresh embedded database with the demo data (and the admin), then the service as a newcomer starts it.
 * Every browser of the suite signs in and up from 127.0.0.1, and the demo accounts sign in dozens
 * of times: the limits are raised for the run (the unit tests of sign-in check the defaults).
 */
/**
 * `npm test` runs the browser tests as two processes at once (scripts/test.sh), each with servers
 * and demo data of its own (E2E_SHARD, with its own E2E_PORT): shard 1 the journeys that change the
 * demo projects in an order the later ones rely on (a review publishes Nebula, broken-today
 * publishes Orbit; the access table and the home page look before) and the keyboard project on
 * its own server (to even out the shards' times); shard 2 every other file of the default project. Without E2E_SHARD one process runs everything, as
 * `npx playwright test e2e/<file>` does.
 */
const SHARD = process.env.E2E_SHARD;
if (SHARD && SHARD !== "1" && SHARD !== "2") throw new Error(`E2E_SHARD=${SHARD}: 1 or 2`);
const SHARD_ONE = ["accessibility", "portal-access", "projects-home", "review", "broken-today", "screenshots"].map(
  (name) => `${name}.spec.ts`,
);

/** The data folders of this run's servers (the default project's, and the keyboard project's unless shard 2 runs alone). */
export const E2E_DATA_DIRS: readonly string[] = SHARD === "2" ? ["data/e2e-2"] : ["data/e2e", "data/e2e-keyboard"];

/** Where a server of the suite writes the English messages it showed to readers of another language (e2e/fixtures.ts fails on them). */
export function untranslatedLog(dataDir: string): string {
  return `${dataDir}/untranslated-messages.log`;
}

/**
 * `npm test` seeds the demo data once, into the folder E2E_SEEDED names (scripts/test.sh),
 * and each server of the run starts from a copy of that folder: the same data as its own
 * `npm run seed:demo`, made once instead of three times. Without E2E_SEEDED each server seeds its own.
 */
const SEEDED = process.env.E2E_SEEDED;
if (SEEDED && !existsSync(path.join(SEEDED, "pglite"))) throw new Error(`E2E_SEEDED=${SEEDED} holds no seeded database`);

function server(port: number, dataDir: string) {
  const data = SEEDED ? `cp -a ${SEEDED} ${dataDir}` : "npm run seed:demo";
  return {
    command: `rm -rf ${dataDir} && export DATA_DIR=${dataDir} PORT=${port} ADMIN_PASSWORD="${E2E_ADMIN.password}" SIGN_IN_LIMIT_PER_IP=1000 SIGN_IN_LIMIT_PER_ACCOUNT=200 REGISTER_LIMIT_PER_IP=1000 SMTP_URL=smtp://127.0.0.1:${E2E_SMTP_PORT} WEBHOOKS_ALLOW_HOSTS=127.0.0.1 WEBHOOKS_POLL_MS=500 UNTRANSLATED_MESSAGES_LOG=${untranslatedLog(dataDir)} && ${data} && npm start`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 15_000 },
  };
}

/**
 * The journeys run again in the "keyboard" project with every pointer action done by the keyboard
 * (e2e/fixtures.ts). Not in it: the checks that are no journey and only sign in on the way (axe,
 * the portal-access table, screenshots, the phone-width layout), the server's lifecycle, and
 * keyboard.spec.ts, which is keyboard-only already.
 */
const NOT_JOURNEYS = ["accessibility", "portal-access", "screenshots", "account-phone", "server-lifecycle", "keyboard"].map(
  (name) => `${name}.spec.ts`,
);

/**
 * `npm test` replays only the journeys tagged @keyboard in the keyboard project: one of each kind
 * of control (forms, menus, dialogs, a combobox, an upload, the review decision, two-factor set-up).
 * `npm run test:full` (TEST_FULL=1) replays every journey. Screenshots are taken on demand
 * (`npm run screenshots`): they are pictures to look at, not compared.
 */
const FULL = Boolean(process.env.TEST_FULL);
const JSON_REPORT = process.env.E2E_JSON_REPORT;
const SCREENSHOTS = Boolean(process.env.SCREENSHOTS || process.env.PORTAL_DOCS_SCREENSHOTS);

/**
 * Debian's Chromium headless shell (package chromium-headless-shell, which `npm test` installs): the
 * old headless mode without the browser's UI processes, the one Playwright itself runs headless.
 * The same journeys took about a third less CPU than in the full browser (docs/testing.md, "Budget").
 * Without it, the full browser; CHROMIUM_PATH picks another.
 */
const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");

/**
 * Browser tests run against the real thing: `npm start` on a fresh embedded database, in
 * Debian's Chromium (Playwright cannot download its own browsers here).
 */
export default defineConfig<object, { keyboardOnly: boolean }>({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Two minutes: on a slow or loaded two-core machine (2026-11-27 evening: about half the speed of
  // the morning's) the longer journeys took 50 to 70 s, and one minute failed them. A hang still fails.
  timeout: 120_000,
  // Sign-in and sign-up hash with Argon2; on a shared two-core machine a navigation after them can
  // take longer than Playwright's default 5 s. The assertions are the same, they only wait longer.
  expect: { timeout: 30_000 },
  // E2E_JSON_REPORT=<prefix>: also Playwright's JSON report, to <prefix>-<shard>.json (each test's
  // duration, and the sign-ins e2e/header.ts notes; docs/testing.md "Budget").
  reporter: [["list"], ...(JSON_REPORT ? [["json", { outputFile: `${JSON_REPORT}-${SHARD ?? "all"}.json` }] as const] : [])],
  // Each shard its own: a run empties its output folder and names its workers' artifacts by index.
  outputDir: SHARD ? `test-results/shard-${SHARD}` : "test-results",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A failed test keeps its trace (each step with its arguments and error, the console, the
    // network) and a screenshot of where it stopped. The trace records no DOM snapshots and no
    // screencast: every test would pay for them, and they are kept only for a failure. The snapshots
    // cost about a fifth of the test processes' CPU, the screencast about a tenth of the browser
    // phase (docs/testing.md, "Budget").
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: false },
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--headless",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-domain-reliability",
        "--no-pings",
        "--disable-features=AutofillServerCommunication,OptimizationHints,Translate,MediaRouter",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
      ],
    },
  },
  testIgnore: SCREENSHOTS ? [] : ["screenshots.spec.ts"],
  projects: [
    SHARD === "1"
      ? { name: "default", testMatch: SHARD_ONE }
      : SHARD === "2"
        ? { name: "default", testIgnore: SHARD_ONE }
        : { name: "default" },
    ...(SHARD === "2"
      ? []
      : [
          {
            name: "keyboard",
            testIgnore: NOT_JOURNEYS,
            // A journey by the keyboard presses Tab until it reaches each control: about twice as long.
            timeout: 240_000,
            grep: FULL ? undefined : /@keyboard/,
            use: { keyboardOnly: true, baseURL: `http://127.0.0.1:${KEYBOARD_PORT}` },
          },
        ]),
  ],
  // Playwright starts these one after the other: the second finds the first one's build.
  webServer: E2E_DATA_DIRS.map((dataDir, index) => server(index === 0 ? PORT : KEYBOARD_PORT, dataDir)),
});
