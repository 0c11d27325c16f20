import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["lib/**/*.test.ts", "app/**/*.test.ts", "scripts/**/*.test.ts", "components/**/*.test.ts", "components/**/*.test.tsx"],
    environment: "node",
    globalSetup: ["lib/testing/global-setup.ts"],
    setupFiles: ["lib/testing/setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // next-auth imports "next/server" without an extension, which Node's ESM loader cannot resolve
    // outside Next: let Vite resolve it (lib/auth/sign-in-log.test.ts drives Auth.js itself).
    server: { deps: { inline: ["next-auth"] } },
  },
});
