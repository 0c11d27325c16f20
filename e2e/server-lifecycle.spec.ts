import { spawn, spawnSync } from "node:child_process";
import http from "node:http";
import net from "node:net";
import { E2E_DATA_DIRS } from "../playwright.config";
import { expect, test } from "./fixtures";

test("a second npm start on the same data folder refuses with a clear message", () => {
  // The default project's web server of this run owns its data folder (data/e2e, or data/e2e-2 in shard 2).
  const [dataDir] = E2E_DATA_DIRS;
  const second = spawnSync("npm", ["start"], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: "3299" },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(second.status).toBe(1);
  expect(second.stderr).toContain(`${dataDir} is in use by another process (pid `);
});

test("SIGTERM lets an in-flight request finish before the server exits", async () => {
  const port = 3298;
  const server = await startServer(port);
  const exited = new Promise<number | null>((resolve) => server.on("exit", resolve));

  // Start a request and keep its body open: it is in flight when SIGTERM arrives.
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, method: "POST", path: "/api/v1/auth/register", headers: { "content-type": "application/json" } },
      (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      },
    );
    request.on("error", reject);
    request.write('{"username": ');
    setTimeout(() => {
      server.kill("SIGTERM");
      setTimeout(() => request.end('"x"}'), 500);
    }, 300);
  });

  const answered = await response;
  expect(answered.status).toBe(400);
  expect(JSON.parse(answered.body)).toMatchObject({ code: "validation_failed" });
  expect(await exited).toBe(0);
});

/** scripts/serve.mjs on its own (no database needed for these answers), stopped after the test. */
async function startServer(port: number, env: Record<string, string> = {}) {
  const server = spawn(process.execPath, ["scripts/serve.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      NODE_ENV: "production",
      AUTH_SECRET: "lifecycle-secret-lifecycle-secret-0123",
      DATABASE_URL: "postgresql://unused@127.0.0.1:1/none",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve) => server.stdout!.on("data", (chunk) => String(chunk).includes("Listening") && resolve()));
  return server;
}

function rawRequest(port: number, text: string, waitMs: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
    let received = "";
    socket.on("data", (chunk) => (received += chunk));
    socket.on("close", () => resolve(received));
    setTimeout(() => {
      socket.destroy();
      resolve(received);
    }, waitMs);
  });
}

test("bad percent-encoding in a path answers 400 problem+json, not a framework 500", async () => {
  const port = 3297;
  const server = await startServer(port);
  try {
    for (const path of ["/api/v1/projects/%ff", "/api/v1/projects/%", "/projects/%E0%A4%A"]) {
      const answer = await rawRequest(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`, 10_000);
      expect(answer, path).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer, path).toMatch(/content-type: application\/problem\+json/i);
      expect(answer, path).toContain('"code":"bad_path"');
    }
  } finally {
    server.kill("SIGTERM");
  }
});

test("a client that sends its headers too slowly is cut off", async () => {
  const port = 3296;
  const server = await startServer(port, { HEADERS_TIMEOUT_MS: "1500", REQUEST_TIMEOUT_MS: "3000" });
  try {
    const started = Date.now();
    // Never finishes its headers.
    const answer = await rawRequest(port, "GET /api/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ", 20_000);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 |^$/);
  } finally {
    server.kill("SIGTERM");
  }
});

test("an oversized server-action body answers 413 before it is sent", async () => {
  const port = 3353;
  const server = await startServer(port);
  try {
    const started = Date.now();
    // Declares 50 MiB and sends only the headers: the answer must come without waiting for the body.
    const answer = await rawRequest(
      port,
      "POST /projects/new HTTP/1.1\r\nHost: 127.0.0.1\r\nNext-Action: 0123456789abcdef\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 52428800\r\n\r\n--x\r\n",
      10_000,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/content-type: application\/problem\+json/i);
    expect(answer).toContain('"code":"payload_too_large"');
  } finally {
    server.kill("SIGTERM");
  }
});
