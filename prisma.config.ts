import path from "node:path";
import { defineConfig } from "prisma/config";

// The native schema engine cannot be fetched on our machines; pointing the CLI at a stub
// keeps `prisma generate` from trying. Migrations run through scripts/db-*.ts instead.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(import.meta.dirname, "scripts/no-schema-engine.sh");

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
