import { createHash } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import { invalidateData } from "../cache/data-cache";
import { PrismaClient } from "./generated/client";
import { watchWrites } from "./write-watch";

export type { Prisma } from "./generated/client";

/**
 * The one Prisma client of the process. DATABASE_URL names PostgreSQL: a real server in
 * production, or the embedded PGlite that `npm start` serves on loopback.
 */
function createClient() {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set. Start the service with `npm start`.");
  const adapter = new PrismaPg(
    { connectionString, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) },
    // Named statements let PostgreSQL parse and plan each distinct query once per connection.
    // Poolers in transaction mode (PgBouncer) and the embedded PGlite cannot keep them: DATABASE_NAMED_STATEMENTS=false.
    process.env.DATABASE_NAMED_STATEMENTS === "false" ? {} : { statementNameGenerator: ({ sql }) => statementName(sql) },
  );
  // Every committed write that could change a cached read empties the data cache (lib/cache).
  return new PrismaClient({ adapter: watchWrites(adapter, invalidateData) });
}

const statementNames = new Map<string, string>();

// Query texts are few (values are parameters); the cap only guards against an unexpected flood.
const MAX_STATEMENT_NAMES = 5_000;

function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    if (statementNames.size >= MAX_STATEMENT_NAMES) statementNames.clear();
    name = `pums_${createHash("sha1").update(sql).digest("hex")}`;
    statementNames.set(sql, name);
  }
  return name;
}

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

/** Created on first use, so importing this module never needs a database. */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    globalForPrisma.prisma ??= createClient();
    const value = Reflect.get(globalForPrisma.prisma, property);
    return typeof value === "function" ? value.bind(globalForPrisma.prisma) : value;
  },
});

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

export async function disconnectDatabase() {
  await globalForPrisma.prisma?.$disconnect();
  globalForPrisma.prisma = undefined;
}
