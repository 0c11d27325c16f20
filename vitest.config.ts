import path from "node:path";
import { defineConfig } from "vitest/config";
import { DATABASE_KIND_SUITES } from "./lib/testing/database-kind-suites";
import { ISOLATED_SUITES } from "./lib/testing/isolated-suites";

// TEST_SUITES=database-kind: only the files whose result can depend on the database (CI's
// PostgreSQL and Redis pass, lib/testing/database-kind-suites.ts).
const DATABASE_KIND = process.env.TEST_SUITES === "database-kind";
const FILES = DATABASE_KIND
  ? DATABASE_KIND_SUITES
  : ["lib/**/*.test.ts", "app/**/*.test.ts", "scripts/**/*.test.ts", "components/**/*.test.ts", "components/**/*.test.tsx"];

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
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
    // Most files share their worker's process with the files before it: the modules are imported
    // once per worker, not once per file. The files that write process.env, mock modules or lift
    // a limit at load run each in a fresh process (lib/testing/isolated-suites.ts).
    projects: [
      { extends: true, test: { name: "shared", include: FILES, exclude: ISOLATED_SUITES, isolate: false } },
      {
        extends: true,
        test: { name: "isolated", include: DATABASE_KIND ? ISOLATED_SUITES.filter((file) => FILES.includes(file)) : ISOLATED_SUITES },
      },
    ],
  },
});
