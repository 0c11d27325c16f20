/**
 * The test files that run each in a fresh process (vitest's `isolate`). Every other file shares
 * its worker's process with the files before it (`isolate: false`): the modules are imported
 * once per worker instead of once per file, which halved the PGlite pass (docs/testing.md,
 * "Budget", 2026-11-28). These files cannot share: they set `process.env` (read by modules at
 * import, and inherited by every later file and the servers it starts), mock modules, or lift a
 * limit before the modules load (`lib/testing/unlimited-api-rate.ts`).
 * lib/testing/isolated-suites.test.ts finds such files and fails when one is missing here.
 */
export const ISOLATED_SUITES = [
  "app/api/health/health.test.ts",
  "app/api/v1/audit/audit.test.ts",
  "app/api/v1/launcher/manifest-v2.test.ts",
  "app/api/v1/projects/files-cross-tenant.test.ts",
  "app/api/v1/projects/releases-cross-tenant.test.ts",
  "app/api/v1/projects/releases.test.ts",
  "app/api/v1/projects/webhooks.test.ts",
  "app/api/v1/users/me/tokens/reauthentication.test.ts",
  "components/releases/release-manager.test.tsx",
  "lib/api/fuzz.test.ts",
  "lib/auth/caller-cache.test.ts",
  "lib/auth/config.test.ts",
  "lib/auth/resolve.test.ts",
  "lib/auth/two-factor.test.ts",
  "lib/cache/data-cache.test.ts",
  "lib/db/outage.test.ts",
  "lib/files/s3-store.test.ts",
  "lib/http/revalidate-early.test.ts",
  "lib/mail/delivery.test.ts",
  "lib/portal/action.test.ts",
  "lib/rate-limit/address-limits.test.ts",
  "lib/request/client-ip.test.ts",
  "lib/secrets/sealing.test.ts",
  "lib/users/bootstrap.test.ts",
  "lib/webhooks/target.test.ts",
];

/** What makes a file one of them: it writes process.env, mocks a module, or lifts the API limit at load. */
export const NEEDS_ISOLATION =
  /process\.env(\.[A-Za-z_][A-Za-z0-9_]*|\[[^\]]+\]) *(=[^=]|\?\?=)|Object\.assign\(process\.env|delete process\.env|vi\.(mock|hoisted|stubEnv)\(|unlimited-api-rate/;
