import { spawn, spawnSync } from "node:child_process";
import http from "node:http";
import { expect, test } from "@playwright/test";

test("a second npm start on the same data folder refuses with a clear message", () => {
  // The web server of this run owns data/e2e.
  const second = spawnSync("npm", ["start"], { env: { ...process.env, DATA_DIR: "data/e2e", PORT: "3299" }, encoding: "utf8", timeout: 60_000 });
  expect(second.status).toBe(1);
  expect(second.stderr).toMatch(/data\/e2e is in use by another process \(pid \d+\)/);
});

test("SIGTERM lets an in-flight request finish before the server exits", async () => {
  const port = 3298;
  const server = spawn(process.execPath, ["scripts/serve.mjs"], {
    env: { ...process.env, PORT: String(port), NODE_ENV: "production", AUTH_SECRET: "lifecycle-secret-lifecycle-secret-0123", DATABASE_URL: "postgresql://unused@127.0.0.1:1/none" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => server.on("exit", resolve));
  await new Promise<void>((resolve) => server.stdout!.on("data", (chunk) => String(chunk).includes("Listening") && resolve()));

  // Start a request and keep its body open: it is in flight when SIGTERM arrives.
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method: "POST", path: "/api/v1/auth/register", headers: { "content-type": "application/json" } }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body }));
    });
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
