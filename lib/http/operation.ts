import { z } from "zod";
import type { TokenScope } from "../auth/actor";
import { newTokenSchema } from "../auth/schemas";
import type { RateLimitRule } from "../rate-limit";
import { pageSchema } from "./pagination";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Headers an answer carries that its operation's flags do not already imply (the OpenAPI document
 * declares them as always sent): `Location` of a create, the `ETag` of the resource a write
 * changed, and a download's range and attachment headers.
 */
export type ResponseHeader = "Location" | "ETag" | "Accept-Ranges" | "Content-Range" | "Content-Disposition" | "Content-Length";

/** One documented answer. `binary` names the media types of a body that is bytes or text rather than JSON. */
export interface ResponseDeclaration {
  description: string;
  schema?: z.ZodType;
  binary?: string | readonly string[];
  headers?: readonly ResponseHeader[];
}

/**
 * The contract of one endpoint. The route wrapper enforces it, the OpenAPI document is
 * generated from it, and tests check that every route handler has one.
 */
export interface Operation<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  Auth extends "none" | "optional" | "required" = "none" | "optional" | "required",
> {
  method: HttpMethod;
  /** OpenAPI form: /api/v1/users/{id} */
  path: string;
  /** camelCase verb-noun; by default the export name without "Operation" (`listProjectsOperation` -> `listProjects`). */
  operationId?: string;
  summary: string;
  description?: string;
  tag: string;
  auth: Auth;
  /** Token scope the call needs; by default `read` for GET and `write` otherwise. */
  scope?: TokenScope;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * The JSON body may be left out (no Content-Type, nothing sent): `body` then parses `undefined`,
   * so its schema says what that means (`z.strictObject({…}).optional()`).
   */
  bodyOptional?: boolean;
  responses: Record<number, ResponseDeclaration>;
  /**
   * GET of public data: anonymous 2xx answers may be stored by shared caches for a bounded time
   * (lib/http/cache.ts). Any signed-in caller still gets a private answer.
   */
  cache?: "public";
  /**
   * The anonymous answer is worked out from the data cache alone (lib/cache/data-cache.ts): nothing
   * else it shows can change without a committed write (no clock, no uncached table, no count that
   * may show late). Its validator is then kept beside that data, and a later anonymous If-None-Match
   * that still matches it is answered 304 before the request reaches Next.js (`revalidateEarly`,
   * lib/http/route.ts), after the same rate limits.
   */
  revalidateEarly?: boolean;
  /** Reads answer with an ETag; PUT, PATCH and DELETE need If-Match. */
  versioned?: boolean;
  /**
   * Action endpoints (DESIGN §8.2): If-Match is optional. Without it the action applies to the
   * current version; with it the handler gets `ifMatch` and answers 412 when it is stale.
   */
  ifMatch?: "optional";
  /**
   * Writes reviewed content (DESIGN §8.2, lib/projects/reviewed-content.ts): 409 `in_review` while
   * the project waits for its review.
   */
  reviewedContent?: boolean;
  /**
   * Served without the route wrapper (`/api/ping`): no caller, request id, rate limit or error
   * answer, only its own success.
   */
  bare?: boolean;
  /** Answers `Range` (one byte range: 206, or 416 past the end) and honours `If-Range`. */
  ranges?: boolean;
  /** Accepts an Idempotency-Key header (signed-in callers). */
  idempotent?: boolean;
  /** An extra limit counted per client IP before anything else happens. */
  rateLimit?: RateLimitRule;
  maxBodyBytes?: number;
  /** The body is a file of one of these types instead of JSON (handed to the handler as bytes). */
  fileBody?: { contentTypes: readonly string[] };
  /**
   * The body is a large file handed to the handler as a stream, never read whole here. A declared
   * Content-Length over `maxBytes()` is refused before a byte is read; the handler enforces the
   * limit while streaming.
   */
  streamBody?: { contentTypes: readonly string[]; maxBytes: () => number };
}

/** An opaque id in a path. */
export const idSchema = z.string().min(1).max(64);

/**
 * The path parameters of a resource addressed by ids, in the order of the path:
 * `pathIds("id", "fileId")` for `/projects/{id}/files/{fileId}`.
 */
export function pathIds<const Name extends string>(...names: Name[]) {
  return z.strictObject(Object.fromEntries(names.map((name) => [name, idSchema])) as Record<Name, typeof idSchema>);
}

/** The path parameters of a resource addressed by its id alone: `/projects/{id}`, `/users/{id}`. */
export const idParams = pathIds("id");

/** A documented error answer (its body is always problem+json). */
export function problem(description: string) {
  return { description };
}

/*
 * Answers that recur across operations, to spread into `responses` (the OpenAPI document orders
 * them by status, so where they stand in the object does not matter).
 */

/** A 200 of one page of `item`s: `{ data, nextCursor }` (lib/http/pagination.ts). */
export function pageOf(description: string, item: z.ZodType): ResponseDeclaration {
  return { description, schema: pageSchema(item) };
}

/** A 200 of a whole list of `item`s, not paginated: `{ data }`. */
export function listOf(description: string, item: z.ZodType): ResponseDeclaration {
  return { description, schema: z.object({ data: z.array(item) }) };
}

/**
 * The refusals of an endpoint behind a permission: 403 "Needs <permission>" without it, and the
 * endpoint's 404 when the thing it works on (a project, or the module the endpoint belongs to) is
 * not there for the caller.
 */
export function guardedBy(permission: string, notVisible: ResponseDeclaration) {
  return { 403: problem(`Needs ${permission}`), 404: notVisible };
}

/** The 404 of an endpoint of a project that only asks whether the caller sees the project. */
export const PROJECT_NOT_VISIBLE = problem("No such project, or not visible to you");

/** The 404 of an endpoint of a project module that only asks whether the caller sees the project. */
export function projectModuleNotVisible(module: string) {
  return problem(`No such project, not visible to you, or its ${module} module is off`);
}

/**
 * The 404 of one of the caller's own things (a session, a device, a token): someone else's answers
 * as if there were none.
 */
export function ownNotFound(thing: string) {
  return problem(`No such ${thing} of yours`);
}

/** A body that does not match its schema. */
export const INVALID_FIELDS = problem("Invalid fields");

/** The limit on password checks (sign-in, reauthentication, a password sent to confirm a change: lib/auth). */
export const PASSWORD_CHECKS_LIMITED = problem("Too many password checks");

/** The 404 of an endpoint about one user, addressed by id. */
export const NO_SUCH_USER = problem("No such user");

/** The 403 of a reviewer's step (a decision, a project's trust): only a reviewer who is not on the project's team may take it. */
export const NOT_AN_OUTSIDE_REVIEWER = problem("Not a reviewer, or on the project's team");

/**
 * The 403 of taking someone into a project's team (adding a member, inviting): without members.manage,
 * or into a role above what the caller may grant.
 */
export const MAY_NOT_ADD_TO_TEAM = problem("Needs members.manage, or the role is too high");

/** The 422 of leaving a project's team, or removing oneself from it, as its only Owner. */
export const LAST_OWNER_CANNOT_LEAVE = problem("The last Owner cannot leave");

/**
 * What both review decisions, a project's and a release's, refuse: 403 to a reviewer on the project's
 * team (or no reviewer), 422 for an approval with a failed check or a decision on what is not in review.
 */
export const REVIEW_DECISION_REFUSALS = {
  403: NOT_AN_OUTSIDE_REVIEWER,
  422: problem("A failed check on approval, or not in review"),
};

/** The 404 of an endpoint of a project that says no more (the project's status, its history, following it, its audit entries). */
export const HIDDEN_PROJECT = problem("Not visible");

/** The 412 of a write whose If-Match is stale. */
export const STALE_IF_MATCH = problem("Stale If-Match");

/** The 201 of the three endpoints that make a token, at the new token's address. */
export const NEW_TOKEN_ANSWER: ResponseDeclaration = {
  description: "The token, shown only this once",
  schema: newTokenSchema,
  headers: ["Location"],
};

/** The 412 of an action whose optional If-Match (`ifMatch: "optional"`) names a version that is no longer current. */
export const OLDER_IF_MATCH = problem("If-Match names an older version");

/** The 401 of an endpoint that answers only a signed-in caller and says so itself. */
export const NOT_SIGNED_IN = problem("Not signed in");

/** The 400 of a list whose `cursor` is not one it gave out. */
export const INVALID_CURSOR = problem("Invalid cursor");

/**
 * The query of an uploaded image's address (a project's banner or logo, a user's picture): `?v=`
 * only tells caches one version from the next; the server answers the current image whatever it is.
 */
export const imageVersionQuery = z.strictObject({ v: z.string().max(64).optional() });

/** The refusals of an image sent as the body (`fileBody`): too large, or not an image of an accepted type. */
export const IMAGE_BODY_PROBLEMS = { 413: problem("Too large"), 415: problem("Not an image of an accepted type") };

/** A versioned write's If-Match answers: 412 when the ETag sent is stale (in the words given), 428 when it is missing. */
export function ifMatchProblems(stale?: string) {
  return { 412: stale ? problem(stale) : STALE_IF_MATCH, 428: problem("If-Match missing") };
}

/** What one operation of a family declares itself: everything but its family's tag, auth and scope, and its method and path. */
export type OperationDeclaration<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = Omit<
  Operation<P, Q, B>,
  "method" | "path" | "tag" | "auth" | "scope"
>;

/**
 * Operations that share their section of the reference (`tag`) and who may call them. Each starts
 * with its request line and states only what is its own.
 */
function operationFamily<Auth extends "none" | "optional" | "required">(family: { tag: string; auth: Auth; scope?: TokenScope }) {
  const method =
    (method: HttpMethod) =>
    <P extends z.ZodType = z.ZodNever, Q extends z.ZodType = z.ZodNever, B extends z.ZodType = z.ZodNever>(
      path: string,
      operation: OperationDeclaration<P, Q, B>,
    ): Operation<P, Q, B, Auth> =>
      defineOperation<P, Q, B, Auth>({ method, path, ...family, ...operation });
  return { get: method("GET"), post: method("POST"), put: method("PUT"), patch: method("PATCH"), delete: method("DELETE") };
}

/**
 * The operations of one section of the reference (`tag`), by who may call them:
 *
 * - `noSignIn` (auth `none`): the caller is not looked at (registration, sign-in, health);
 * - `anyone` (auth `optional`): anonymous or signed in, and the answer may differ;
 * - `signedIn` (auth `required`);
 * - `staff` (auth `required`, token scope `admin`): staff endpoints, which a token may call only
 *   with the admin scope.
 *
 * Each operation starts with its request line:
 *
 *     const { anyone, signedIn } = operationsOf("Messages");
 *     export const listMessagesOperation = anyone.get("/api/v1/projects/{id}/messages", { summary, params, responses });
 */
export function operationsOf(tag: string) {
  return {
    noSignIn: operationFamily({ tag, auth: "none" }),
    anyone: operationFamily({ tag, auth: "optional" }),
    signedIn: operationFamily({ tag, auth: "required" }),
    staff: operationFamily({ tag, auth: "required", scope: "admin" }),
  };
}

export function defineOperation<
  P extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  Auth extends "none" | "optional" | "required" = "none" | "optional" | "required",
>(operation: Operation<P, Q, B, Auth>): Operation<P, Q, B, Auth> {
  return operation;
}
