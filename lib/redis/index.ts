import { Redis } from "ioredis";

/**
 * The process's Redis connection (REDIS_URL), shared by the rate limits and the caches'
 * publishers. Subscriptions have connections of their own: ./subscription.ts.
 */
let client: Redis | undefined;

export function redisUrl(): string | undefined {
  return process.env.REDIS_URL || undefined;
}

export function redis(): Redis | undefined {
  const url = redisUrl();
  if (!url) return undefined;
  if (!client) {
    client = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    // Commands fail on their own (rate limits, health, publishing); the connection retries by itself.
    client.on("error", (error: Error) => reportOnce(`Redis: ${error.message}`));
  }
  return client;
}

/** Whether Redis answers, for the readiness check; undefined when Redis is not configured. */
export async function pingRedis(timeoutMs = 2_000): Promise<boolean | undefined> {
  const connection = redis();
  if (!connection) return undefined;
  try {
    const answer = await Promise.race([
      connection.ping(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), timeoutMs).unref()),
    ]);
    return answer === "PONG";
  } catch {
    return false;
  }
}

let lastReport = "";
function reportOnce(message: string) {
  if (message === lastReport) return;
  lastReport = message;
  console.error(message);
}

export async function disconnectRedis() {
  client?.disconnect();
  client = undefined;
}
