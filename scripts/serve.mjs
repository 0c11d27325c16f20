// The HTTP server of the app: Next.js behind node:http, so that
//  - the client address is the socket's (X-Forwarded-For is overwritten unless TRUST_PROXY=true),
//  - SIGTERM/SIGINT stop accepting, let in-flight requests finish, then exit.
import http from "node:http";
import next from "next";
import { apiHeaders, SERVER_ACTION_MAX_BYTES, securityHeaders } from "../next.config.mjs";

const dev = process.argv.includes("--dev");
const hostname = process.env.HOST ?? "127.0.0.1";
const port = Number(process.env.PORT ?? 3000);
const trustProxy = process.env.TRUST_PROXY === "true";
const SHUTDOWN_GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000);
// Slow clients (slowloris) are cut: all headers within 15 s, the whole request within 60 s, except
// a file upload, which may take as long as its bytes keep coming and is cut only when none has
// arrived for 30 s (a 2 GiB file over a slow uplink takes far longer than a minute).
const HEADERS_TIMEOUT_MS = Number(process.env.HEADERS_TIMEOUT_MS ?? 15_000);
const KEEP_ALIVE_TIMEOUT_MS = Number(process.env.KEEP_ALIVE_TIMEOUT_MS ?? 65_000);
const REQUEST_TIMEOUT_MS = Number(process.env.REQUEST_TIMEOUT_MS ?? 60_000);
const UPLOAD_IDLE_TIMEOUT_MS = Number(process.env.UPLOAD_IDLE_TIMEOUT_MS ?? 30_000);
/** POST /api/v1/projects/{id}/files: the streamed upload (lib/downloads). */
const UPLOAD_PATH = /^\/api\/v1\/projects\/[^/?]+\/files\/?(?:\?|$)/;
/**
 * The REST API sets its body limits per operation (lib/http/route.ts). Every other path (portal
 * pages, Auth.js' /api/auth, health) takes at most a form (see refuseFormBody).
 */
const REST_API_PATH = /^\/api\/v1\//;
// After an early answer (413, 401, ...) the rest of the body is read and dropped, at most this much
// and this long (see drainAfterEarlyAnswer).
const UNREAD_BODY_MAX_BYTES = Number(process.env.UNREAD_BODY_MAX_BYTES ?? 64 * 1024 * 1024);
const UNREAD_BODY_MS = Number(process.env.UNREAD_BODY_MS ?? 30_000);

const app = next({ dev, hostname, port, dir: process.cwd() });
await app.prepare();
const handle = app.getRequestHandler();

let inFlight = 0;
let closing = false;
const server = http.createServer({ connectionsCheckingInterval: 1_000 }, (req, res) => {
  if (!trustProxy) {
    req.headers["x-forwarded-for"] = req.socket.remoteAddress ?? "";
    delete req.headers["x-forwarded-host"];
    delete req.headers["x-real-ip"];
  } else if (!req.headers["x-forwarded-for"]) {
    // A request that bypassed the proxy still has an address of its own (lib/request/client-ip.ts).
    req.headers["x-forwarded-for"] = req.socket.remoteAddress ?? "";
  }
  drainAfterEarlyAnswer(req, res);
  if (!decodablePath(req.url)) return refuseBadPath(res);
  if (!REST_API_PATH.test(req.url ?? "/") && refuseFormBody(req, res)) return;
  inFlight++;
  res.on("close", () => {
    inFlight--;
    if (closing && inFlight === 0) finish();
  });
  if (closing) res.setHeader("Connection", "close");
  limitReceiving(req, res);
  const early = req.headers["if-none-match"] !== undefined && REST_API_PATH.test(req.url ?? "/") && globalThis[REVALIDATE_EARLY];
  if (!early) return handle(req, res);
  early({ method: req.method, url: req.url, headers: nodeHeaders(req) }).then(
    (answer) => (answer ? sendEarly(res, answer) : handle(req, res)),
    (error) => {
      console.error("revalidateEarly:", error);
      handle(req, res);
    },
  );
});
// An idle kept-alive connection stays open longer than a reverse proxy keeps its idle upstream
// connections (nginx: keepalive_timeout 60 s): the proxy, not this server, closes them, so it never
// sends a request on a connection this server is closing (a reset, and a 502 for a POST).
server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
server.headersTimeout = HEADERS_TIMEOUT_MS;
// Node's own request timeout would cut every request alike: limitReceiving applies it per request.
server.requestTimeout = 0;
server.listen(port, hostname, () => {
  console.log(`Listening on http://${hostname}:${port}`);
  process.send?.({ ready: true });
});

/**
 * An anonymous If-None-Match of an API read whose validator is still current is answered 304 here,
 * without Next.js (revalidateEarly, lib/http/route.ts, with the route's rate limits and headers):
 * Next.js' routing costs more than the rest of such an answer. The function is there once an API
 * route has been loaded; until then, and whenever it answers null, Next.js handles the request.
 */
const REVALIDATE_EARLY = Symbol.for("pums.revalidateEarly");
/**
 * What Next.js adds to every App Router answer, the API's included (setVaryHeader in
 * next/dist/server/base-server.js), and next.config.mjs' headers: an early answer carries them too,
 * so that it is the route's own 304 (scripts/serve-revalidation.test.ts compares the two).
 */
const NEXT_VARY = "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch";
const CONFIG_HEADERS = [...securityHeaders, ...apiHeaders].map(({ key, value }) => [key, value]);

function nodeHeaders(req) {
  return {
    get(name) {
      const value = req.headers[name];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
  };
}

function sendEarly(res, { status, headers, body }) {
  for (const [key, value] of CONFIG_HEADERS) res.setHeader(key, value);
  for (const [key, value] of Object.entries(headers)) res.setHeader(key, key.toLowerCase() === "vary" ? `${NEXT_VARY}, ${value}` : value);
  res.writeHead(status);
  res.end(body ?? undefined);
}

/**
 * How long receiving a request may take. An upload may take as long as bytes keep arriving: it is
 * cut when the server waits for the next bytes (it has read all it was given) and none arrives for
 * UPLOAD_IDLE_TIMEOUT_MS. The upload's stream then fails, so the store removes what it had
 * written. (The socket's own idle timeout would also count the time the server itself is not
 * reading, before the route starts or under backpressure.) Every other request must be received
 * whole within REQUEST_TIMEOUT_MS of its headers. Both end the connection with 408, as Node's own
 * request timeout does; a request already received whole is never cut (its answer may take longer).
 */
function limitReceiving(req, res) {
  if (req.method === "POST" && UPLOAD_PATH.test(req.url ?? "")) {
    if (!(UPLOAD_IDLE_TIMEOUT_MS > 0)) return;
    let bytesRead = req.socket.bytesRead;
    let lastProgress = Date.now();
    const check = setInterval(
      () => {
        if (req.complete) return clearInterval(check);
        // Being read (a consumer is attached) and nothing unread: the server waits for the client.
        const waitingForClient = req.readableFlowing !== null && req.readableLength === 0;
        if (req.socket.bytesRead !== bytesRead || !waitingForClient) {
          bytesRead = req.socket.bytesRead;
          lastProgress = Date.now();
        } else if (Date.now() - lastProgress >= UPLOAD_IDLE_TIMEOUT_MS) {
          clearInterval(check);
          cutOff(req, res, `No bytes of the upload arrived for ${UPLOAD_IDLE_TIMEOUT_MS / 1000} s; nothing was kept.`);
        }
      },
      Math.min(1_000, Math.max(100, UPLOAD_IDLE_TIMEOUT_MS / 5)),
    );
    res.once("close", () => clearInterval(check));
    return;
  }
  if (!(REQUEST_TIMEOUT_MS > 0)) return;
  const timer = setTimeout(() => {
    if (!req.complete) cutOff(req, res, `The request was not received within ${REQUEST_TIMEOUT_MS / 1000} s.`);
  }, REQUEST_TIMEOUT_MS);
  res.once("close", () => clearTimeout(timer));
}

/** 408 problem+json straight on the socket (unless an answer has begun), then the connection closes. */
function cutOff(req, res, detail) {
  const socket = req.socket;
  if (socket.destroyed) return;
  if (!res.headersSent && socket.writable) {
    const body = JSON.stringify({
      type: "https://docs.pums.dev/problems/request_timeout",
      title: "Request timeout",
      status: 408,
      detail,
      code: "request_timeout",
    });
    socket.end(
      `HTTP/1.1 408 Request Timeout\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroySoon();
}

/**
 * Outside the REST API a body is a form: a server action's, up to SERVER_ACTION_MAX_BYTES, with or
 * without the Next-Action header (a form posted before JavaScript has loaded has none; Next.js
 * then read it whole and answered 500), or Auth.js' few fields (which it also read whole, however
 * large). A larger declared body is refused before a byte of it is read. A body of undeclared
 * length (chunked) is refused outright: browsers always declare a form's length, and nothing else
 * posts there. Answers whether it refused.
 */
function refuseFormBody(req, res) {
  if (req.headers["transfer-encoding"]) {
    refuse(res, 411, "length_required", "Length required", "Send a Content-Length with the body.");
    return true;
  }
  if (Number(req.headers["content-length"] ?? 0) > SERVER_ACTION_MAX_BYTES) {
    refuse(
      res,
      413,
      "payload_too_large",
      "Payload too large",
      `The form data is larger than ${SERVER_ACTION_MAX_BYTES / 1024 / 1024} MiB.`,
    );
    return true;
  }
  return false;
}

/**
 * When an answer is finished before the client has sent its whole body (413, 401, 404, ...), the
 * rest is read and dropped before the connection closes, as nginx's lingering close does. Closing
 * at once with bytes unread makes the kernel reset the connection, and a client that sends its
 * whole body before it reads (most do) loses the answer. Bounded: at most UNREAD_BODY_MAX_BYTES
 * and UNREAD_BODY_MS, then the connection is cut.
 */
function drainAfterEarlyAnswer(req, res) {
  // Before Node's own 'finish' handler, which would close a Connection: close socket right away.
  res.prependListener("finish", () => {
    if (req.complete) return;
    const socket = req.socket;
    // Node closes a connection that is not kept alive with destroySoon(): meanwhile that only ends
    // our side (the client reads the answer and closes its own); it closes once the body is drained.
    socket.destroySoon = socket.end;
    const cut = setTimeout(() => socket.destroy(), UNREAD_BODY_MS);
    socket.once("close", () => clearTimeout(cut));
    req.once("end", () => {
      clearTimeout(cut);
      delete socket.destroySoon;
      if (socket.writableEnded) socket.destroySoon();
    });
    let dropped = 0;
    // Whoever was reading the body (Next.js' request stream) is done with it: drop the rest.
    req.removeAllListeners("readable");
    req.removeAllListeners("data");
    req.on("data", (chunk) => {
      dropped += chunk.length;
      if (dropped > UNREAD_BODY_MAX_BYTES) socket.destroy();
    });
    req.resume();
  });
}

/** Next.js answers a path with broken percent-encoding (`%ff`, `%`) with a bare 500; it is the client's error. */
function decodablePath(url = "/") {
  try {
    decodeURIComponent(url.split("?")[0]);
    return true;
  } catch {
    return false;
  }
}

function refuseBadPath(res) {
  refuse(res, 400, "bad_path", "Bad request", "The path is not valid percent-encoded UTF-8.");
}

/** A problem+json answer before Next.js sees the request; the connection closes once the unread body is drained. */
function refuse(res, status, code, title, detail) {
  res.writeHead(status, { "Content-Type": "application/problem+json", "Cache-Control": "no-store", Connection: "close" });
  res.end(JSON.stringify({ type: `https://docs.pums.dev/problems/${code}`, title, status, detail, code }));
}

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
