import { db } from "../db/client";
import { ServiceUnavailable } from "../errors";
import { pingRedis } from "../redis";

/**
 * Readiness: the database answers and, when REDIS_URL is set, so does Redis (rate limits and the
 * caller cache's invalidations are shared through it). A load balancer stops sending requests to
 * an instance that answers 503 here. /api/ping is the liveness check without dependencies.
 */
export async function checkHealth() {
  try {
    await db.$queryRaw`SELECT 1`;
  } catch {
    throw new ServiceUnavailable();
  }
  const redis = await pingRedis();
  if (redis === false) throw new ServiceUnavailable(5, "redis_unavailable", "The service cannot reach Redis right now. Try again shortly.");
  return { status: "ok" as const, database: "ok" as const, redis: redis ? ("ok" as const) : ("not_configured" as const) };
}
