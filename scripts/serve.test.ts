/**
 * scripts/serve.mjs as it runs in production, against the test database: a large upload is not
 * cut by REQUEST_TIMEOUT_MS while its bytes keep arriving; an upload that stalls is cut after
 * UPLOAD_IDLE_TIMEOUT_MS and leaves nothing behind; every other request keeps the request timeout.
 * The timeouts are shortened by env, so each case takes seconds.
 */
import { createHash, randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createPartner, createProjectFor, tokenFor } from "@/lib/testing/factories";
import { serveForFile } from "@/lib/testing/serve-process";

const PORT = Number(process.env.SERVE_TEST_PORT ?? 3312);
const REQUEST_TIMEOUT_MS = 1500;
const UPLOAD_IDLE_TIMEOUT_MS = 1000;

let projectId: string;
let token: string;

beforeAll(async () => {
  const owner = await createPartner();
  projectId = (await createProjectFor(owner, { status: "PUBLISHED", modules: ["DOWNLOADS"] })).id;
  token = await tokenFor(owner.id);
});
const server = serveForFile(PORT, {
  REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
  HEADERS_TIMEOUT_MS: "1000",
  UPLOAD_IDLE_TIMEOUT_MS: String(UPLOAD_IDLE_TIMEOUT_MS),
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number | null;
  body: string;
  /** The connection ended without an answer. */
  cut: boolean;
  ms: number;
}

/** Sends `chunks` one every `everyMs`, then ends the body unless `stallAfter` says to stop sending and wait. */
function slowRequest(
  method: string,
  requestPath: string,
  headers: Record<string, string>,
  chunks: Buffer[],
  everyMs: number,
  stallAfter?: number,
): Promise<Answer> {
  const started = Date.now();
  // A promise takes its first answer only: a later "error" after "end" changes nothing.
  const answered = new Promise<Omit<Answer, "ms">>((resolve) => {
    let settled = false;
    const settle = (answer: Omit<Answer, "ms">) => {
      settled = true;
      resolve(answer);
    };
    const request = http.request(
      { host: "127.0.0.1", port: PORT, method, path: requestPath, headers: { ...headers, "transfer-encoding": "chunked" } },
      (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => settle({ status: response.statusCode ?? null, body, cut: false }));
        response.on("error", () => settle({ status: response.statusCode ?? null, body, cut: true }));
      },
    );
    request.on("error", () => settle({ status: null, body: "", cut: true }));
    void (async () => {
      for (const [index, chunk] of chunks.entries()) {
        if (settled || request.destroyed) return;
        if (stallAfter !== undefined && index === stallAfter) return; // keeps the connection open, sends nothing more
        request.write(chunk);
        await sleep(everyMs);
      }
      request.end();
    })();
  });
  return answered.then((answer) => ({ ...answer, ms: Date.now() - started }));
}

const uploadHeaders = () => ({ authorization: `Bearer ${token}`, "content-type": "application/octet-stream" });

/** Every file (and partial upload) in the server's local store. */
async function storedFiles() {
  const entries = await readdir(path.join(server().dataDir, "files"), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

describe("serve.mjs timeouts", () => {
  it("an upload that keeps sending is not cut by the request timeout", async () => {
    const chunks = Array.from({ length: 16 }, () => randomBytes(64 * 1024));
    const answer = await slowRequest("POST", `/api/v1/projects/${projectId}/files?name=slow.bin`, uploadHeaders(), chunks, 250);
    // The status first: an early answer (a 503 under load, say) then says what it was.
    expect(answer.status, answer.body).toBe(201);
    expect(answer.ms).toBeGreaterThan(2 * REQUEST_TIMEOUT_MS);
    const file = JSON.parse(answer.body) as { size: number; sha256: string };
    const whole = Buffer.concat(chunks);
    expect(file.size).toBe(whole.length);
    expect(file.sha256).toBe(createHash("sha256").update(whole).digest("hex"));
  }, 60_000);

  it("an upload that stops sending is cut after the idle timeout and leaves no bytes and no row", async () => {
    const before = await storedFiles();
    const chunks = Array.from({ length: 10 }, () => randomBytes(64 * 1024));
    const answer = await slowRequest("POST", `/api/v1/projects/${projectId}/files?name=stalled.bin`, uploadHeaders(), chunks, 100, 3);
    expect(answer.status).toBe(408);
    expect(answer.body).toContain('"code":"request_timeout"');
    expect(answer.ms).toBeGreaterThanOrEqual(UPLOAD_IDLE_TIMEOUT_MS);
    expect(answer.ms).toBeLessThan(UPLOAD_IDLE_TIMEOUT_MS + 300 + 3000);
    // The server notices the broken stream and removes what it had written.
    await expect.poll(async () => (await storedFiles()).length, { timeout: 10_000 }).toBe(before.length);
    expect(await db.download.count({ where: { projectId, fileName: "stalled.bin" } })).toBe(0);
  }, 60_000);

  it("any other request still has to arrive within the request timeout, even while bytes keep coming", async () => {
    const body = Buffer.from(JSON.stringify({ version: "1.0.0", title: "Slow", changelog: "x".repeat(4000) }));
    const chunks = Array.from({ length: 20 }, (_, index) => body.subarray(index * 250, (index + 1) * 250)).filter((chunk) => chunk.length);
    const answer = await slowRequest(
      "POST",
      `/api/v1/projects/${projectId}/releases`,
      { authorization: `Bearer ${token}`, "content-type": "application/json" },
      chunks,
      250,
    );
    expect(answer.status).toBe(408);
    expect(answer.ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS);
    expect(answer.ms).toBeLessThan(REQUEST_TIMEOUT_MS + 2500);
    expect(await db.release.count({ where: { projectId } })).toBe(0);
  }, 60_000);
});

describe("kept-alive connections", () => {
  it("stay open longer than a reverse proxy keeps its idle upstream connections (nginx: 60 s), and the answer says so", async () => {
    const agent = new http.Agent({ keepAlive: true });
    const keepAlive = await new Promise<string>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port: server().port, path: "/api/health", agent }, (response) => {
          response.resume();
          resolve(String(response.headers["keep-alive"] ?? ""));
        })
        .on("error", reject);
    });
    agent.destroy();
    expect(Number(/timeout=(\d+)/.exec(keepAlive)?.[1])).toBeGreaterThan(60);
  });
});
