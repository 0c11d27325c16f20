// The HTTP server of the app: Next.js behind node:http, so that
//  - the client address is the socket's (X-Forwarded-For is overwritten unless TRUST_PROXY=true),
//  - SIGTERM/SIGINT stop accepting, let in-flight requests finish, then exit.
import http from "node:http";
import next from "next";

const dev = process.argv.includes("--dev");
const hostname = process.env.HOST ?? "127.0.0.1";
const port = Number(process.env.PORT ?? 3000);
const trustProxy = process.env.TRUST_PROXY === "true";
const SHUTDOWN_GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000);

const app = next({ dev, hostname, port, dir: process.cwd() });
await app.prepare();
const handle = app.getRequestHandler();

let inFlight = 0;
let closing = false;
const server = http.createServer((req, res) => {
  if (!trustProxy) {
    req.headers["x-forwarded-for"] = req.socket.remoteAddress ?? "";
    delete req.headers["x-forwarded-host"];
    delete req.headers["x-real-ip"];
  } else if (!req.headers["x-forwarded-for"]) {
    // A request that bypassed the proxy still has an address of its own (lib/http/client-ip.ts).
    req.headers["x-forwarded-for"] = req.socket.remoteAddress ?? "";
  }
  inFlight++;
  res.on("close", () => {
    inFlight--;
    if (closing && inFlight === 0) finish();
  });
  if (closing) res.setHeader("Connection", "close");
  handle(req, res);
});
server.keepAliveTimeout = 5_000;
server.listen(port, hostname, () => {
  console.log(`Listening on http://${hostname}:${port}`);
  process.send?.({ ready: true });
});

function finish() {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
}

function shutdown(signal) {
  if (closing) return;
  closing = true;
  console.log(`${signal}: finishing ${inFlight} request(s), then exiting`);
  server.close();
  server.closeIdleConnections();
  if (inFlight === 0) finish();
  setTimeout(() => {
    console.error(`Gave up waiting for ${inFlight} request(s) after ${SHUTDOWN_GRACE_MS} ms`);
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
