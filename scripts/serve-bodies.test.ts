/**
 * Bodies larger than what they are sent to, against scripts/serve.mjs as production runs it
 * (issue 23, finding 14). The client here writes its whole body before it reads the answer, as
 * most HTTP clients do (Python's http.client, curl without Expect, load tools): a server that
 * answers early and closes with bytes unread makes the kernel reset the connection, and such a
 * client loses the answer. Every case sends at most about 100 MB over loopback and is bounded in time.
 */
import { readFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serveForFile } from "@/lib/testing/serve-process";

const PORT = Number(process.env.SERVE_BODIES_TEST_PORT ?? 3313);
const MB = 1_000_000;
/** Each case's time limit, given to its `describe` (the cases send up to 200 MB): kept here should vitest.config.ts's default change. */
const CASE_TIMEOUT_MS = 30_000;

const server = serveForFile(PORT);

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface Exchange {
  /** The answer, if one was read whole. */
  answer: Answer | null;
  /** Body bytes written before the connection failed or the body ended. */
  sent: number;
  /** How the connection failed (EPIPE, ECONNRESET), if it did. */
  error: string | null;
}

interface Send {
  path: string;
  headers: Record<string, string>;
  size: number;
  /** Without it, the body is sent chunked (no Content-Length). */
  contentLength?: boolean;
  connection?: "keep-alive" | "close";
  /** Wait for the answer after this many bytes of body, before sending the rest. */
  pauseAfter?: number;
}

/** A raw HTTP/1.1 client that writes the head and the whole body before it reads anything (unless `pauseAfter`). */
function send({
  path,
  headers,
  size,
  contentLength = true,
  connection = "keep-alive",
  pauseAfter,
}: Send): Promise<Exchange & { early: Answer | null }> {
  // Half-open: the server may end its side after answering while this client still sends.
  const socket = net.connect({ port: PORT, host: "127.0.0.1", allowHalfOpen: true });
  socket.pause();
  let received = Buffer.alloc(0);
  let sent = 0;
  let error: string | null = null;
  let ended = false;
  socket.on("data", (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
  socket.on("end", () => (ended = true));
  socket.on("error", (failure: NodeJS.ErrnoException) => (error ??= failure.code ?? failure.message));

  const write = (bytes: Buffer | string) => new Promise<boolean>((done) => socket.write(bytes, (failure) => done(!failure && !error)));
  const frame = (bytes: Buffer) =>
    contentLength ? bytes : Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from("\r\n")]);
  /** Reads until an answer is whole, the server ends or fails, or 5 s pass. */
  const answer = async () => {
    socket.resume();
    for (const started = Date.now(); Date.now() - started < 5_000; await sleep(20)) {
      const parsed = parseAnswer(received);
      if (parsed || ended || error) return parsed;
    }
    return null;
  };

  return (async () => {
    const head = [
      `POST ${path} HTTP/1.1`,
      "Host: 127.0.0.1",
      `Connection: ${connection}`,
      contentLength ? `Content-Length: ${size}` : "Transfer-Encoding: chunked",
    ];
    for (const [name, value] of Object.entries(headers)) head.push(`${name}: ${value}`);
    let early: Answer | null = null;
    const block = Buffer.alloc(64 * 1024, 0x61);
    let ok = await write(`${head.join("\r\n")}\r\n\r\n`);
    while (ok && sent < size) {
      if (pauseAfter !== undefined && sent >= pauseAfter && !early) {
        early = await answer();
        received = Buffer.alloc(0);
        if (!early) break;
      }
      const bytes = block.subarray(0, Math.min(block.length, size - sent));
      ok = await write(frame(bytes));
      if (ok) sent += bytes.length;
    }
    if (ok && !contentLength) ok = await write("0\r\n\r\n");
    const final = ok ? await answer() : null;
    socket.destroy();
    return { answer: final, early, sent, error };
  })();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first whole answer in `raw` (Content-Length or chunked), or null. */
function parseAnswer(raw: Buffer): Answer | null {
  const end = raw.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const [statusLine, ...lines] = raw.subarray(0, end).toString("latin1").split("\r\n");
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
  );
  const rest = raw.subarray(end + 4);
  let body: Buffer | null = null;
  if (headers["content-length"] !== undefined) {
    const length = Number(headers["content-length"]);
    body = rest.length >= length ? rest.subarray(0, length) : null;
  } else if (headers["transfer-encoding"] === "chunked") {
    body = dechunk(rest);
  } else {
    body = rest;
  }
  return body ? { status: Number(statusLine.split(" ")[1]), headers, body: body.toString("utf8") } : null;
}

function dechunk(raw: Buffer): Buffer | null {
  const parts: Buffer[] = [];
  for (let at = 0; ; ) {
    const lineEnd = raw.indexOf("\r\n", at);
    if (lineEnd < 0) return null;
    const size = parseInt(raw.subarray(at, lineEnd).toString("latin1"), 16);
    if (size === 0) return Buffer.concat(parts);
    if (raw.length < lineEnd + 2 + size + 2) return null;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

function expectProblem(answer: Answer | null, status: number, code: string) {
  expect(answer?.status).toBe(status);
  expect(answer?.headers["content-type"]).toBe("application/problem+json");
  expect(JSON.parse(answer!.body)).toMatchObject({ status, code });
}

const JSON_TYPE = { "Content-Type": "application/json" };
const MULTIPART = { "Content-Type": "multipart/form-data; boundary=----x" };

describe("a 50 MB body to a small-body API operation", { timeout: CASE_TIMEOUT_MS }, () => {
  it.each([
    ["Content-Length, keep-alive", true, "keep-alive"],
    ["Content-Length, Connection: close", true, "close"],
    ["chunked, keep-alive", false, "keep-alive"],
    ["chunked, Connection: close", false, "close"],
  ] as const)("answers 413 problem+json to a client that sends it all before reading (%s)", async (_label, contentLength, connection) => {
    const exchange = await send({ path: "/api/v1/auth/token", headers: JSON_TYPE, size: 50 * MB, contentLength, connection });
    expect(exchange.error).toBeNull();
    expect(exchange.sent).toBe(50 * MB);
    expectProblem(exchange.answer, 413, "payload_too_large");
  });
});

describe("a 50 MB body to a portal page", { timeout: CASE_TIMEOUT_MS }, () => {
  it("without Next-Action (a form posted before JavaScript loads) is refused with 413 before it is read", async () => {
    const before = server().output.length;
    const exchange = await send({ path: "/sign-in", headers: MULTIPART, size: 50 * MB, pauseAfter: MB });
    // The answer came while 49 MB were still unsent; the rest is read and dropped, so no reset.
    expectProblem(exchange.early, 413, "payload_too_large");
    expect(exchange.error).toBeNull();
    expect(exchange.sent).toBe(50 * MB);
    // Next.js never saw it: no "Body exceeded" error, no 500.
    expect(server().output.slice(before).join("")).not.toMatch(/Body exceeded|Error/);
  });

  it.each([
    ["without Next-Action", {}],
    ["to a server action (Next-Action)", { "Next-Action": "0".repeat(42) }],
  ])("%s answers 413 problem+json to a client that sends it all before reading", async (_label, extra) => {
    const exchange = await send({ path: "/sign-in", headers: { ...MULTIPART, ...extra }, size: 50 * MB });
    expect(exchange.error).toBeNull();
    expectProblem(exchange.answer, 413, "payload_too_large");
  });

  it("to Auth.js' endpoints (/api/auth) is refused with 413 too: Auth.js read any body whole", async () => {
    const exchange = await send({
      path: "/api/auth/callback/credentials",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      size: 50 * MB,
      pauseAfter: MB,
    });
    expectProblem(exchange.early, 413, "payload_too_large");
    expect(exchange.error).toBeNull();
  });

  it("of unknown length (chunked) is refused with 411: browsers always declare a form's length", async () => {
    const exchange = await send({ path: "/sign-in", headers: MULTIPART, size: 50 * MB, contentLength: false });
    expect(exchange.error).toBeNull();
    expectProblem(exchange.answer, 411, "length_required");
  });
});

describe("what the server reads after an early answer", { timeout: CASE_TIMEOUT_MS }, () => {
  it("is bounded: a body far beyond the drain limit is cut, not read to its end", async () => {
    const exchange = await send({ path: "/api/v1/auth/token", headers: JSON_TYPE, size: 200 * MB, contentLength: false });
    expect(exchange.error).toMatch(/EPIPE|ECONNRESET/);
    expect(exchange.sent).toBeLessThan(200 * MB);
  });
});

describe("server-action arguments nested 5,000 levels deep (issue 23, finding 13)", () => {
  const deep = "[".repeat(5_000) + "]".repeat(5_000);

  /** A server action as Next.js' client calls it: the action's id in Next-Action, the page's own Origin. */
  async function callAction(body: BodyInit) {
    const manifest = JSON.parse(
      await readFile(path.join(import.meta.dirname, "../.next/server/server-reference-manifest.json"), "utf8"),
    ) as { node: Record<string, { exportedName: string }> };
    const signIn = Object.entries(manifest.node).find(([, action]) => action.exportedName === "signInAction")![0];
    const origin = `http://127.0.0.1:${PORT}`;
    return fetch(`${origin}/sign-in`, {
      method: "POST",
      headers: { "Next-Action": signIn, Origin: origin, Accept: "text/x-component" },
      body,
    });
  }

  function form(fields: Record<string, string | Blob>) {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    return data;
  }

  it.each([
    ["a text body", () => deep],
    ["a form's JSON field", () => form({ "0": deep })],
  ])("in %s are refused with 400 too_deep before React decodes them", async (_label, body) => {
    const response = await callAction(body());
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toMatchObject({ code: "too_deep" });
  });

  it("leaves shallow arguments, users' own fields and files to the action", async () => {
    for (const body of [
      '[{"login":"nobody","password":"wrong"}]',
      form({ "0": '["$K1"]', "1_note": "[".repeat(100), "1_file": new Blob(["{[".repeat(1_000)]) }),
    ]) {
      const response = await callAction(body);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/text\/x-component/);
    }
  });
});

describe("a client that goes away in the middle of its body", { timeout: CASE_TIMEOUT_MS }, () => {
  it("is logged as a client that went away, not as an unhandled error", async () => {
    const before = server().output.length;
    await new Promise<void>((resolve) => {
      const socket = net.connect(PORT, "127.0.0.1", () => {
        socket.write(
          `POST /api/v1/auth/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{"login":"`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 300);
      });
      socket.on("error", () => undefined);
    });
    await expect.poll(() => server().output.slice(before).join(""), { timeout: 5_000 }).toMatch(/client went away/);
    expect(server().output.slice(before).join("")).not.toMatch(/unhandled error/);
  });
});
