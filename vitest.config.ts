import path from "node:path";
import { defineConfig } from "vitest/config";
import { DATABASE_KIND_SUITES } from "./lib/testing/database-kind-suites";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    // TEST_SUITES=database-kind: only the files whose result can depend on the database (CI's
    // PostgreSQL and Redis pass, lib/testing/database-kind-suites.ts).
    include:
      process.env.TEST_SUITES === "database-kind"
        ? DATABASE_KIND_SUITES
        : ["lib/**/*.test.ts", "app/**/*.test.ts", "scripts/**/*.test.ts", "components/**/*.test.ts", "components/**/*.test.tsx"],
    environment: "node",
    globalSetup: ["lib/testing/global-setup.ts"],
    setupFiles: ["lib/testing/setup.ts"],
    pool: "forks",
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // next-auth imports "next/server" without an extension, which Node's ESM loader cannot resolve
    // outside Next: let Vite resolve it (lib/portal/next-auth.test.ts drives Auth.js itself).
    server: { deps: { inline: ["next-auth"] } },
  },
});
