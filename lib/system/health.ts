import { db } from "../db/client";
import { ServiceUnavailable } from "../errors";

export async function checkHealth() {
  try {
    await db.$queryRaw`SELECT 1`;
  } catch {
    throw new ServiceUnavailable();
  }
  return { status: "ok" as const, database: "ok" as const };
}
