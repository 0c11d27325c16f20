import { describe, expect, it } from "vitest";
import * as openApiRoute from "@/app/api/v1/openapi.json/route";
import * as ping from "@/app/api/ping/route";
import { defineOperation, problem } from "../http/operation";
import { getProjectOperation } from "../projects/operations";
import { pingOperation } from "../system/operations";
import { call } from "./http";
import { checkResponse, responseMismatches } from "./response-contract";

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", ...headers } });
const COMMON = { "X-Request-Id": "req-12345678", "Cache-Control": "no-store", Vary: "Authorization, Cookie" };

/** The check every API test's answers pass through (lib/testing/http.ts, lib/testing/in-process.ts). */
describe("the response contract", () => {
  it("fails an answer whose status, headers or body the document does not declare", () => {
    const answer = json(200, { id: 7 }, COMMON);
    expect(responseMismatches(getProjectOperation, "GET", answer, JSON.stringify({ id: 7 }))).toEqual(
      expect.arrayContaining([
        "required header etag is missing",
        expect.stringMatching(/^body\/id: must be string/),
        expect.stringMatching(/^body: must have required property 'slug'/),
      ]),
    );
    expect(responseMismatches(getProjectOperation, "GET", json(418, {}, COMMON), "{}")).toEqual([
      expect.stringMatching(/^status 418 is not declared/),
    ]);
    const withLocation = json(404, { type: "t", title: "t", status: 404, code: "not_found" }, { ...COMMON, Location: "/x" });
    expect(responseMismatches(getProjectOperation, "GET", withLocation, "{}")).toContain("header location is sent but not declared");
    const asText = new Response("hello", { status: 404, headers: { ...COMMON, "Content-Type": "text/plain" } });
    expect(responseMismatches(getProjectOperation, "GET", asText, "hello")).toEqual([
      "Content-Type text/plain is not declared (declared: application/problem+json)",
    ]);
    expect(() => checkResponse(getProjectOperation, "GET", json(418, {}, COMMON), "{}")).toThrow(
      /GET \/api\/v1\/projects\/\{id\} answered 418/,
    );
  });

  it("leaves operations alone that are not part of the API (tests' own)", () => {
    const own = defineOperation({
      method: "GET",
      path: "/api/v1/test/own",
      tag: "System",
      summary: "A test's own",
      auth: "none",
      responses: { 200: { description: "x" }, 404: problem("x") },
    });
    expect(responseMismatches(own, "GET", json(500, {}), "{}")).toEqual([]);
  });

  it("holds ping and the OpenAPI document to their declared content types", async () => {
    const pong = ping.GET(new Request("http://127.0.0.1:3000/api/ping"));
    expect(responseMismatches(pingOperation, "GET", pong, await pong.text())).toEqual([]);
    const document = await call(openApiRoute.GET, "GET", "/api/v1/openapi.json");
    expect(document.status).toBe(200);
    expect(document.json).toMatchObject({ openapi: "3.1.0" });
  });
});
