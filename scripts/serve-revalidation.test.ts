/**
 * scripts/serve.mjs answers an anonymous If-None-Match of a project read itself when the route's
 * own answer left a validator that is still current (revalidateEarly, lib/http/route.ts; the rules
 * are tested in lib/http/revalidate-early.test.ts). Here, through the real server: that answer is
 * the route's own 304 (every header, Next.js' and next.config.mjs' included), and a project changed
 * through the API is answered 200 with its new ETag, never 304.
 */
import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { createPartner, createProjectFor, tokenFor } from "@/lib/testing/factories";
import { serveForFile } from "@/lib/testing/serve-process";

const PORT = Number(process.env.SERVE_REVALIDATION_TEST_PORT ?? 3314);

let projectId: string;
let version: number;
let token: string;

beforeAll(async () => {
  const owner = await createPartner();
  const project = await createProjectFor(owner, { status: "PUBLISHED" });
  projectId = project.id;
  version = project.version;
  token = await tokenFor(owner.id);
});
serveForFile(PORT);

interface Answer {
  status: number;
  /** Header lines as sent, names in lower case. */
  lines: [string, string][];
  body: string;
}

function request(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request({ host: "127.0.0.1", port: PORT, method, path, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => {
        const raw = response.rawHeaders;
        const lines: [string, string][] = [];
        for (let index = 0; index < raw.length; index += 2) lines.push([raw[index]!.toLowerCase(), raw[index + 1]!]);
        resolve({ status: response.statusCode!, lines, body: text });
      });
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** The headers as a cache reads them: each name once, repeated lines joined, without Date and X-Request-Id. */
function merged(answer: Answer): Record<string, string[]> {
  const headers: Record<string, string[]> = {};
  for (const [name, value] of answer.lines) {
    if (name === "date" || name === "x-request-id") continue;
    headers[name] = [...(headers[name] ?? []), ...value.split(",").map((part) => part.trim())];
  }
  return headers;
}

describe("an anonymous If-None-Match of a project read", () => {
  it("is answered by serve.mjs with the route's own 304 while the project is unchanged, and 200 once it changed", async () => {
    const path = `/api/v1/projects/${projectId}`;
    const etag = `"v${version}"`;
    // Nothing is kept yet: the route answers (and keeps its validator).
    const fromRoute = await request("GET", path, { "if-none-match": etag });
    expect(fromRoute.status).toBe(304);
    const early = await request("GET", path, { "if-none-match": etag });
    expect(early.status).toBe(304);
    expect(early.body).toBe("");
    expect(merged(early)).toEqual(merged(fromRoute));
    // Next.js writes its Vary and the route's as two lines; serve.mjs writes one: the second answer
    // did not go through Next.js.
    expect(fromRoute.lines.filter(([name]) => name === "vary")).toHaveLength(2);
    expect(early.lines.filter(([name]) => name === "vary")).toHaveLength(1);

    const changed = await request(
      "PATCH",
      path,
      { authorization: `Bearer ${token}`, "if-match": etag, "content-type": "application/json" },
      JSON.stringify({ description: "Changed" }),
    );
    expect(changed.status).toBe(200);
    const after = await request("GET", path, { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(JSON.parse(after.body).description).toBe("Changed");
    expect(merged(after).etag).toEqual([`"v${version + 1}"`]);
  });
});
