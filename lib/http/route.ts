import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { Actor, RequestMeta } from "../auth/actor";
import { SESSION_COOKIE } from "../auth/config";
import { resolveActor } from "../auth/resolve";
import {
  BadRequest,
  ClientClosedRequest,
  Forbidden,
  MethodNotAllowed,
  NotFound,
  PayloadTooLarge,
  PreconditionFailed,
  PreconditionRequired,
  Unauthorized,
  UnsupportedMediaType,
} from "../errors";
import { dataGeneration, keepDerived, peekData } from "../cache/data-cache";
import { enforce, enforceForAddress, RATE_LIMITS, rateLimitHeaders, type RateLimitRule, type RateLimitState } from "../rate-limit";
import { clientIp } from "../request/client-ip";
import { API_VARY, cacheControlFor, PUBLIC_CACHE_CONTROL } from "./cache";
import { assertNoNul, parseClientJson } from "./client-input";
import { contentEtag, ifNoneMatchHits } from "./etag";
import { withIdempotency, type StoredReply } from "./idempotency";
import type { HttpMethod, Operation } from "./operation";
import { problemResponse } from "./problem";

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** HEAD is GET without the body: Next.js hands it to a route's GET handler. */
const READ_METHODS = new Set(["GET", "HEAD"]);

export interface HandlerContext<P, Q, B, A> {
  actor: A;
  params: P;
  query: Q;
  body: B;
  /** The version named by If-Match (versioned writes only). */
  expectedVersion: number;
  /** The version named by an optional If-Match (operations with `ifMatch: "optional"`); null without one. */
  ifMatch: number | null;
  /** The uploaded file of operations with `fileBody`. */
  file: { bytes: Buffer; contentType: string } | null;
  /** The request body of operations with `streamBody`, unread, with the length the client declared (Content-Length). */
  upload: { stream: ReadableStream<Uint8Array>; contentType: string; declaredBytes: number | null } | null;
  meta: RequestMeta;
  request: Request;
}

/** What a handler returns: a JSON body (200 unless `status`) or a file, an optional ETag and headers. */
export interface Reply {
  status?: number;
  body?: unknown;
  file?: { bytes: Uint8Array; contentType: string };
  /** A streamed body, opened only when it is sent (not for a 304 or a HEAD request). */
  stream?: { open: () => Promise<ReadableStream<Uint8Array>>; contentType: string };
  etag?: string;
  headers?: Record<string, string>;
}

/** A 201 answer naming the new resource in `Location`, as every create does. */
export function created(body: unknown, location: string, etag?: string): Reply {
  return { status: 201, body, etag, headers: { Location: location } };
}

type ActorFor<Auth> = Auth extends "required" ? Actor : Actor | null;
type RouteHandler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

const OPERATION_OF = new WeakMap<RouteHandler, Operation>();
/** The methods each path serves, as its route file's handle() calls declare them. */
const METHODS_OF_PATH = new Map<string, Set<string>>();

/** The operation a route handler serves (made by `handle()`): how tests hold an answer to its declaration. */
export function operationOf(handler: RouteHandler): Operation | undefined {
  return OPERATION_OF.get(handler);
}
type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

/**
 * The one wrapper every API route handler goes through: identifies the caller, checks token
 * scope, origin and rate limits, parses path, query and body with the operation's strict
 * schemas, handles If-Match / ETag and Idempotency-Key, answers If-None-Match with 304, sets
 * Cache-Control and Vary (./cache.ts), and turns every error into problem+json with the request id.
 */
export function handle<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, Auth extends "none" | "optional" | "required">(
  operation: Operation<P, Q, B, Auth>,
  handler: (context: HandlerContext<Infer<P>, Infer<Q>, Infer<B>, ActorFor<Auth>>) => Promise<Reply>,
) {
  const routeHandler: RouteHandler = async (request, context) => {
    const requestId = requestIdOf(request.headers);
    // Read before anything is read from the data cache: a validator kept for revalidateEarly is
    // dropped if a write came in between (keepDerived).
    const generation = operation.revalidateEarly ? dataGeneration() : 0;
    let limitState: RateLimitState | undefined;
    try {
      const meta: RequestMeta = { ip: clientIp(request.headers), userAgent: request.headers.get("user-agent"), requestId };
      await enforceOperationLimit(operation.rateLimit, meta.ip);

      const cookie = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
      const authorization = request.headers.get("authorization");
      const actor = operation.auth === "none" && !authorization ? null : await resolveActor(authorization, cookie, meta.ip);
      if (operation.auth === "required" && !actor) throw new Unauthorized();
      if (actor?.via === "SESSION" && UNSAFE_METHODS.has(request.method)) assertSameOrigin(request);
      const scope = operation.scope ?? (READ_METHODS.has(request.method) ? "read" : "write");
      if (actor?.scopes && !actor.scopes.includes(scope)) {
        throw new Forbidden(`This token lacks the "${scope}" scope.`, "insufficient_scope");
      }
      limitState = await enforceCallerLimit(actor, meta.ip);

      const url = new URL(request.url);
      const params = parseParams(operation, await context.params);
      const query = parseQuery(operation, url.searchParams);
      const limit = operation.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
      const sendsBody = operation.body !== undefined && !(operation.bodyOptional && bodyLeftOut(request));
      const rawBody = sendsBody ? (await readBody(request, limit, JSON_TYPE, "application/json")).toString("utf8") : "";
      const body = sendsBody ? parseJsonBody(operation.body!, rawBody) : operation.body?.parse(undefined);
      const file = operation.fileBody ? await readFile(request, limit, operation.fileBody.contentTypes) : null;
      const upload = operation.streamBody ? openUpload(request, operation.streamBody) : null;
      const expectedVersion = operation.versioned && UNSAFE_METHODS.has(request.method) ? parseIfMatch(request.headers.get("if-match")) : 0;
      const ifMatchHeader = request.headers.get("if-match");
      const ifMatch = operation.ifMatch === "optional" && ifMatchHeader ? parseIfMatch(ifMatchHeader) : null;

      const run = async (): Promise<StoredReply & Pick<Reply, "file" | "stream">> => {
        const reply = await handler({
          actor: actor as ActorFor<Auth>,
          params,
          query,
          body,
          expectedVersion,
          ifMatch,
          file,
          upload,
          meta,
          request,
        } as HandlerContext<Infer<P>, Infer<Q>, Infer<B>, ActorFor<Auth>>);
        const headers: Record<string, string> = { ...(reply.headers ?? {}) };
        if (reply.etag) headers.ETag = reply.etag;
        return { status: reply.status ?? 200, body: reply.body, file: reply.file, stream: reply.stream, headers };
      };
      const idempotencyKey = request.headers.get("idempotency-key");
      const result: StoredReply & { replayed: boolean } & Pick<Reply, "file" | "stream"> =
        operation.idempotent && idempotencyKey && actor
          ? await withIdempotency(actor.userId, idempotencyKey, { method: request.method, path: url.pathname, body: rawBody }, run)
          : { ...(await run()), replayed: false };

      const read = READ_METHODS.has(request.method);
      const succeeded = result.status >= 200 && result.status < 300;
      // Every successful read has a validator: the handler's (a version, a file's sha256: then a 304
      // never serializes the body) or the hash of the bytes sent, made from the one JSON text.
      const hasJson = !result.file && !result.stream && result.body !== undefined;
      let json: string | undefined;
      const jsonText = () => (json ??= JSON.stringify(result.body));
      const etag =
        result.headers.ETag ?? (read && succeeded ? bytesEtag(result.file?.bytes ?? (hasJson ? jsonText() : undefined)) : undefined);
      const notModified = read && succeeded && etag !== undefined && ifNoneMatchHits(request.headers.get("if-none-match"), etag);
      const anonymous = !actor && !authorization && cookie === undefined;
      const bytes = Boolean(result.file || result.stream);
      const cacheControl = cacheControlFor({
        publicData: operation.cache === "public",
        anonymous,
        status: notModified ? 304 : result.status,
        bytes,
      });
      if (operation.revalidateEarly && anonymous && read && succeeded && etag !== undefined) {
        const kept: KeptValidator = { etag, rateLimit: operation.rateLimit, publicData: operation.cache === "public", bytes };
        keepDerived(validatorKey(url.pathname + url.search), kept, generation);
      }
      const headers = new Headers(answerHeaders(requestId, notModified ? {} : result.headers, etag, cacheControl, limitState));
      if (notModified) return new Response(null, { status: 304, headers });
      if (result.replayed) headers.set("Idempotent-Replayed", "true");
      if (result.stream) {
        headers.set("Content-Type", result.stream.contentType);
        // HEAD: the GET answer's headers; the bytes are never opened (so a download is not counted).
        if (request.method === "HEAD") return new Response(null, { status: result.status, headers });
        return new Response(await result.stream.open(), { status: result.status, headers });
      }
      if (result.file) {
        headers.set("Content-Type", result.file.contentType);
        return new Response(Buffer.from(result.file.bytes), { status: result.status, headers });
      }
      if (result.status === 204 || !hasJson) return new Response(null, { status: result.status, headers });
      headers.set("Content-Type", "application/json; charset=utf-8");
      return new Response(jsonText(), { status: result.status, headers });
    } catch (error) {
      const response = problemResponse(error, requestId);
      if (limitState) for (const [name, value] of Object.entries(rateLimitHeaders(limitState))) response.headers.set(name, value);
      return response;
    }
  };
  OPERATION_OF.set(routeHandler, operation as unknown as Operation);
  METHODS_OF_PATH.set(operation.path, (METHODS_OF_PATH.get(operation.path) ?? new Set()).add(operation.method));
  return routeHandler;
}

/** Without a known address there is no per-address budget: one shared "unknown" bucket would let one client lock out everyone (serve.mjs always supplies the socket address). */
async function enforceOperationLimit(rule: RateLimitRule | undefined, ip: string | null) {
  if (rule && ip) await enforceForAddress(rule, ip);
}

/** The API's budget per caller: a signed-in caller's own, an anonymous one's per address. */
async function enforceCallerLimit(actor: Actor | null, ip: string | null): Promise<RateLimitState | undefined> {
  if (actor) return enforce(RATE_LIMITS.apiPerCaller, `user:${actor.userId}`);
  if (ip) return enforceForAddress(RATE_LIMITS.apiPerCaller, ip);
  return undefined;
}

/** The headers every answer of the wrapper carries besides the handler's own and the body's. */
function answerHeaders(
  requestId: string,
  replyHeaders: Record<string, string>,
  etag: string | undefined,
  cacheControl: string,
  limitState: RateLimitState | undefined,
): Record<string, string> {
  return {
    "X-Request-Id": requestId,
    ...replyHeaders,
    ...(etag ? { ETag: etag } : {}),
    // A stored public answer would tell every later reader one caller's remaining budget.
    ...(limitState && cacheControl !== PUBLIC_CACHE_CONTROL ? rateLimitHeaders(limitState) : {}),
    "Cache-Control": cacheControl,
    Vary: API_VARY,
  };
}

/** What an anonymous read of an operation with `revalidateEarly` sent, kept in the data cache beside what it was made from. */
interface KeptValidator {
  etag: string;
  rateLimit: RateLimitRule | undefined;
  publicData: boolean;
  bytes: boolean;
}

const validatorKey = (pathAndQuery: string) => `validator:${pathAndQuery}`;

/** The parts of a request revalidateEarly reads: scripts/serve.mjs hands it Node's request without making a web Request. */
export interface EarlyRequest {
  method: string;
  /** The path and query as sent. */
  url: string;
  headers: { get(name: string): string | null };
}

/** An answer of revalidateEarly, for scripts/serve.mjs to send. */
export interface EarlyAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/**
 * An anonymous conditional read answered before it reaches Next.js and the route: when an operation
 * with `revalidateEarly` last answered this address (path and query, exactly) to an anonymous caller
 * and no write has happened since (the validator lives in the data cache, which every committed
 * write and every other instance's invalidation empties, and never longer than DATA_CACHE_SECONDS),
 * an If-None-Match that matches that validator is answered 304, after the same rate limits as the
 * route counts, with the headers the route's own 304 has. Anything else (a caller with a token or a
 * session, no validator kept, another ETag) is null: the route answers. scripts/serve.mjs calls it
 * through `globalThis[Symbol.for("pums.revalidateEarly")]`, set when this module is loaded.
 */
export async function revalidateEarly(request: EarlyRequest): Promise<EarlyAnswer | null> {
  if (!READ_METHODS.has(request.method)) return null;
  const headers = request.headers;
  const ifNoneMatch = headers.get("if-none-match");
  if (ifNoneMatch === null || headers.get("authorization") !== null) return null;
  if (readCookie(headers.get("cookie"), SESSION_COOKIE) !== undefined) return null;
  const kept = peekData<KeptValidator>(validatorKey(request.url));
  if (!kept || !ifNoneMatchHits(ifNoneMatch, kept.etag)) return null;
  const requestId = requestIdOf(headers);
  let limitState: RateLimitState | undefined;
  try {
    const ip = clientIp(headers);
    await enforceOperationLimit(kept.rateLimit, ip);
    limitState = await enforceCallerLimit(null, ip);
    const cacheControl = cacheControlFor({ publicData: kept.publicData, anonymous: true, status: 304, bytes: kept.bytes });
    return { status: 304, headers: answerHeaders(requestId, {}, kept.etag, cacheControl, limitState), body: null };
  } catch (error) {
    const response = problemResponse(error, requestId);
    if (limitState) for (const [name, value] of Object.entries(rateLimitHeaders(limitState))) response.headers.set(name, value);
    return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
  }
}
(globalThis as Record<symbol, unknown>)[Symbol.for("pums.revalidateEarly")] = revalidateEarly;

function bytesEtag(bytes: string | Uint8Array | undefined): string | undefined {
  return bytes === undefined ? undefined : contentEtag(bytes);
}

/**
 * The methods a route file has no handler for: each answers 405 problem+json whose `Allow` names the
 * methods the path serves (Next.js itself would answer an empty 405), and OPTIONS answers 204 with
 * that `Allow`. A route file exports them beside its handlers,
 * `export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(getThingOperation.path)`;
 * its own handle() calls tell which methods the path serves.
 */
export function otherMethods(path: string): Record<HttpMethod | "OPTIONS", RouteHandler> {
  const allowed = () => {
    const served = METHODS_OF_PATH.get(path) ?? new Set();
    return ALLOW_ORDER.filter((method) => served.has(method) || (method === "HEAD" && served.has("GET")) || method === "OPTIONS");
  };
  const refuse: RouteHandler = async (request) =>
    problemResponse(new MethodNotAllowed(request.method, allowed()), requestIdOf(request.headers));
  const options: RouteHandler = async () => new Response(null, { status: 204, headers: { Allow: allowed().join(", ") } });
  return { GET: refuse, POST: refuse, PUT: refuse, PATCH: refuse, DELETE: refuse, OPTIONS: options };
}

/** Next.js answers HEAD with GET's handler. */
const ALLOW_ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** The answer for an /api/v1 path that names no endpoint. */
export async function unknownEndpoint(request: Request): Promise<Response> {
  return problemResponse(new NotFound("endpoint"), requestIdOf(request.headers));
}

function requestIdOf(headers: { get(name: string): string | null }): string {
  const given = headers.get("x-request-id");
  return given && /^[\w.-]{8,64}$/.test(given) ? given : randomUUID();
}

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return undefined;
}

/** Cookie-authenticated changes must come from our own pages (CSRF defence beside SameSite=Lax). */
function assertSameOrigin(request: Request) {
  const origin = request.headers.get("origin");
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
    throw new Forbidden("Cross-site requests with a session cookie are refused.", "cross_origin");
  }
  if (origin) {
    // "null" (sandboxed frames, file: pages) and anything unparsable name no origin of ours.
    const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
    if (!host || !URL.canParse(origin) || new URL(origin).host !== host) {
      throw new Forbidden("Cross-site requests with a session cookie are refused.", "cross_origin");
    }
  }
}

function parseParams<P extends z.ZodType>(operation: Operation<P>, raw: Record<string, string | string[]>) {
  assertNoNul(raw);
  if (!operation.params) return raw;
  const parsed = operation.params.safeParse(raw);
  // Ids are opaque: a malformed one names nothing that exists.
  if (!parsed.success) throw new NotFound();
  return parsed.data;
}

function parseQuery<Q extends z.ZodType>(operation: Operation<z.ZodType, Q>, search: URLSearchParams) {
  const raw: Record<string, string> = {};
  for (const [key, value] of search) {
    if (key in raw) throw new BadRequest(`The query parameter "${key}" is given more than once.`);
    raw[key] = value;
  }
  assertNoNul(raw);
  if (!operation.query) {
    if (Object.keys(raw).length) throw new BadRequest("This endpoint takes no query parameters.");
    return undefined;
  }
  return operation.query.parse(raw);
}

const JSON_TYPE = /^application\/(.+\+)?json\s*(;|$)/i;

async function readFile(request: Request, limit: number, contentTypes: readonly string[]) {
  const contentType = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const accepted = new RegExp(`^(${contentTypes.map((type) => type.replace(/[.+/]/g, "\\$&")).join("|")})$`);
  const bytes = await readBody(request, limit, accepted, contentTypes.join(", "));
  return { bytes, contentType };
}

function openUpload(request: Request, { contentTypes, maxBytes }: NonNullable<Operation["streamBody"]>) {
  const contentType = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!contentTypes.includes(contentType)) throw new UnsupportedMediaType(contentTypes.join(", "));
  const limit = maxBytes();
  const declared = request.headers.get("content-length");
  const declaredBytes = declared !== null && /^\d+$/.test(declared.trim()) ? Number(declared) : null;
  if ((declaredBytes ?? 0) > limit) throw new PayloadTooLarge(limit);
  return { stream: request.body ?? new Blob([]).stream(), contentType, declaredBytes };
}

async function readBody(request: Request, limit: number, accepted: RegExp, expected: string): Promise<Buffer> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim();
  if (!accepted.test(type)) throw new UnsupportedMediaType(expected);
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > limit) throw new PayloadTooLarge(limit);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    // The body comes from the client alone: if it breaks off, the client went away.
    const { done, value } = await reader.read().catch((error: unknown) => {
      throw new ClientClosedRequest(error instanceof Error ? error.message : String(error));
    });
    if (done) break;
    size += value.byteLength;
    // The rest is left unread, not cancelled: cancelling destroys the socket, and the client would
    // get a reset instead of the 413. scripts/serve.mjs reads and drops the rest, bounded.
    if (size > limit) throw new PayloadTooLarge(limit);
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** No body: neither a Content-Type nor a length (an empty POST, as `fetch(url, { method: "POST" })` sends it). */
function bodyLeftOut(request: Request): boolean {
  return !request.headers.get("content-type") && Number(request.headers.get("content-length") ?? 0) === 0;
}

function parseJsonBody<B extends z.ZodType>(schema: B, raw: string): z.output<B> {
  const json = parseClientJson(raw);
  assertNoNul(json);
  return schema.parse(json);
}

/** Versions are PostgreSQL integers: anything larger was never an ETag of ours. */
const MAX_VERSION = 2 ** 31 - 1;

/** If-Match carries the ETag `"v<version>"` that the client read. */
function parseIfMatch(header: string | null): number {
  if (!header) throw new PreconditionRequired();
  const match = /^(?:W\/)?"v(\d+)(?:\.[\w-]+)?"$/.exec(header.trim());
  if (!match) throw new PreconditionFailed();
  const version = Number(match[1]);
  if (version > MAX_VERSION) throw new BadRequest(`The version in If-Match is out of range (at most ${MAX_VERSION}).`, "invalid_if_match");
  return version;
}
