import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_ADMIN = { login: "admin", password: "e2e admin passphrase" };
/** The server sends mail here; e2e/account-security.spec.ts listens with a real SMTP server (other tests leave it closed: mail is retried, never blocking). */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 1);

/**
 * Browser tests run against the real thing: `npm start` on a fresh embedded database, in
 * Debian's Chromium (Playwright cannot download its own browsers here).
 */
export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // Sign-in and sign-up hash with Argon2; on a shared two-core machine a navigation after them can
  // take longer than Playwright's default 5 s. The assertions are the same, they only wait longer.
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
  webServer: {
    // A fresh embedded database with the demo data (and the admin), then the service as a newcomer starts it.
    // Every browser of the suite signs in and up from 127.0.0.1, and the demo accounts sign in dozens
    // of times: the limits are raised for the run (the unit tests of sign-in check the defaults).
    command: `rm -rf data/e2e && export DATA_DIR=data/e2e PORT=${PORT} ADMIN_PASSWORD="${E2E_ADMIN.password}" SIGN_IN_LIMIT_PER_IP=1000 SIGN_IN_LIMIT_PER_ACCOUNT=200 REGISTER_LIMIT_PER_IP=1000 SMTP_URL=smtp://127.0.0.1:${E2E_SMTP_PORT} && npm run seed:demo && npm start`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
