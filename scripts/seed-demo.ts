// npm run seed:demo: demo users, partners and projects for trying the portal and the API.
// Uses DATABASE_URL, or the embedded database in ./data (stop `npm start` first: it has one owner).
// Running it again changes nothing that exists.
import { dataDirectory, DataDirInUseError, startEmbeddedDatabase, type ServedDatabase } from "../lib/db/embedded";
import { describeResult } from "../lib/db/migrations/apply";
import { migratePostgres } from "../lib/db/migrations/run";

let embedded: ServedDatabase | undefined;
try {
  if (process.env.DATABASE_URL) {
    console.log(describeResult(await migratePostgres(process.env.DATABASE_URL)));
  } else {
    embedded = await startEmbeddedDatabase(dataDirectory(), { log: console.log });
    process.env.DATABASE_URL = embedded.url;
    process.env.DATABASE_NAMED_STATEMENTS = "false";
    process.env.DATABASE_POOL_SIZE = "1";
  }
  const { seedDemo } = await import("../lib/demo/seed");
  const { ensureInitialProjectLead } = await import("../lib/users/bootstrap");
  const { disconnectDatabase } = await import("../lib/db/client");
  // A seeded database gets the same first Project lead that `npm start` would create.
  const admin = await ensureInitialProjectLead(dataDirectory());
  if (admin) console.log(admin);
  for (const line of await seedDemo()) console.log(line);
  await disconnectDatabase();
} catch (error) {
  console.error(
    error instanceof DataDirInUseError ? `${error.message} (npm start is probably running: stop it, seed, start again)` : error,
  );
  process.exitCode = 1;
} finally {
  await embedded?.stop();
}
