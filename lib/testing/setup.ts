import { afterAll, inject } from "vitest";
import { disconnectDatabase } from "../db/client";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.DATABASE_POOL_SIZE = "4";
process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-0123456789";
process.env.TRUST_PROXY = "true";

afterAll(async () => {
  await disconnectDatabase();
});
