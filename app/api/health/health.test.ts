import { afterEach, expect, it } from "vitest";
import { disconnectRedis } from "@/lib/redis";
import { call } from "@/lib/testing/http";
import { GET } from "./route";

afterEach(async () => {
  delete process.env.REDIS_URL;
  await disconnectRedis();
});

it("reports the service and its database as up, Redis as not configured without REDIS_URL", async () => {
  const response = await call(GET, "GET", "/api/health");
  expect(response.status).toBe(200);
  expect(response.json).toEqual({ status: "ok", database: "ok", redis: "not_configured" });
});

it("is not ready (503 problem+json with Retry-After) when the configured Redis does not answer", async () => {
  process.env.REDIS_URL = "redis://127.0.0.1:3359/0";
  const response = await call(GET, "GET", "/api/health");
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toBe("5");
  expect(response.json).toMatchObject({ status: 503, code: "redis_unavailable" });
});

it.runIf(process.env.TEST_REDIS_URL)("checks Redis when REDIS_URL is set", async () => {
  process.env.REDIS_URL = process.env.TEST_REDIS_URL;
  const response = await call(GET, "GET", "/api/health");
  expect(response.json).toEqual({ status: "ok", database: "ok", redis: "ok" });
});
