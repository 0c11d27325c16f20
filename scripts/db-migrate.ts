// npm run db:migrate: applies pending migrations to DATABASE_URL, or to the embedded database in ./data.
import { describeResult } from "../lib/db/migrations/apply";
import { migrateEmbedded, migratePostgres } from "../lib/db/migrations/run";

try {
  const url = process.env.DATABASE_URL;
  const result = url ? await migratePostgres(url) : await migrateEmbedded();
  console.log(describeResult(result));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
