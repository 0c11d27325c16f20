/**
 * The test files whose result can depend on the database kind: concurrency (two requests at
 * once, row locks, single-use claims), raw SQL and statement counts, migrations, caches across
 * instances through Redis, two instances, outages. CI runs the whole suite on the embedded PGlite
 * and then only these again on PostgreSQL and Redis (`TEST_SUITES=database-kind`, .ci/run);
 * every other file checks rules that come out the same on both (docs/testing.md lists each file
 * and why). A test that needs PostgreSQL or Redis must be listed here, or CI never runs it with
 * them: lib/testing/database-kind-suites.test.ts checks that.
 */
export const DATABASE_KIND_SUITES = [
  "app/api/health/health.test.ts",
  "app/api/v1/auth/device/device.test.ts",
  "app/api/v1/projects/applications.test.ts",
  "app/api/v1/projects/invitations.test.ts",
  "app/api/v1/projects/projects.test.ts",
  "app/api/v1/projects/release-review.test.ts",
  "app/api/v1/projects/releases.test.ts",
  "app/api/v1/projects/webhooks.test.ts",
  "app/api/v1/reviews/reviews.test.ts",
  "app/api/v1/users/me/account-security.test.ts",
  "app/api/v1/users/me/credential-changes.test.ts",
  "app/api/v1/users/users.test.ts",
  "lib/auth/caller-cache-redis.test.ts",
  "lib/auth/caller-cache.test.ts",
  "lib/auth/sign-in-concurrency.test.ts",
  "lib/auth/two-factor.test.ts",
  "lib/cache/data-cache-redis.test.ts",
  "lib/cache/data-cache.test.ts",
  "lib/db/migrations/migrations.test.ts",
  "lib/db/outage.test.ts",
  "lib/downloads/counting.test.ts",
  "lib/http/idempotency.test.ts",
  "lib/members/concurrency.test.ts",
  "lib/portal/my-projects.test.ts",
  "lib/rate-limit/rate-limit.test.ts",
  "lib/redis/subscription.test.ts",
  "lib/system/two-instances.test.ts",
  "scripts/serve.test.ts",
];
