import { expect, it } from "vitest";
import { call } from "@/lib/testing/http";
import { GET } from "./route";

it("reports the service and its database as up", async () => {
  const response = await call(GET, "GET", "/api/health");
  expect(response.status).toBe(200);
  expect(response.json).toEqual({ status: "ok", database: "ok" });
});
