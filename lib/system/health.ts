import { db } from "../db/client";
import { AppError } from "../errors";

export async function checkHealth() {
  try {
    await db.$queryRaw`SELECT 1`;
  } catch {
    throw new AppError(503, "database_unavailable", "Service unavailable", "The database does not answer.");
  }
  return { status: "ok" as const, database: "ok" as const };
}
