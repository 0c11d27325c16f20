/**
 * The typed errors every service throws. They carry what the caller may be told;
 * lib/http/problem.ts maps them to RFC 9457 problem+json in one place.
 */

export interface FieldError {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    detail?: string,
    /** Extra members of the problem document (e.g. `errors`, `allowed`). */
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail ?? title);
    this.name = new.target.name;
  }
}

export class BadRequest extends AppError {
  constructor(detail: string, code = "bad_request") {
    super(400, code, "Bad request", detail);
  }
}

export class ValidationFailed extends AppError {
  constructor(
    readonly errors: FieldError[],
    detail = "The request has invalid fields.",
  ) {
    super(400, "validation_failed", "Validation failed", detail, { errors });
  }
}

export class Unauthorized extends AppError {
  constructor(detail = "Sign in or send a valid access token.") {
    super(401, "unauthorized", "Not signed in", detail, {}, { "WWW-Authenticate": 'Bearer realm="api"' });
  }
}

export class Forbidden extends AppError {
  constructor(detail = "You are not allowed to do this.", code = "forbidden") {
    super(403, code, "Forbidden", detail);
  }
}

export class NotFound extends AppError {
  constructor(what = "resource") {
    super(404, "not_found", "Not found", `The ${what} does not exist or is not visible to you.`);
  }
}

export class Conflict extends AppError {
  constructor(detail: string, code = "conflict", extra: Record<string, unknown> = {}) {
    super(409, code, "Conflict", detail, extra);
  }
}

export class PreconditionFailed extends AppError {
  constructor() {
    super(412, "stale_version", "Precondition failed", "The resource changed since you read it. Read it again and retry.");
  }
}

export class PreconditionRequired extends AppError {
  constructor() {
    super(428, "if_match_required", "Precondition required", "Send the ETag you read in an If-Match header.");
  }
}

export class PayloadTooLarge extends AppError {
  constructor(limitBytes: number) {
    super(413, "payload_too_large", "Payload too large", `The body may be at most ${limitBytes} bytes.`);
  }
}

/**
 * The request body broke off before its end: the client went away (or cut its own body short).
 * Nobody reads the answer; status 499 as nginx logs it. `reason` is what the stream said.
 */
export class ClientClosedRequest extends AppError {
  constructor(readonly reason: string) {
    super(499, "client_closed_request", "Client closed request", "The request body ended before it was received whole.");
  }
}

export class UnsupportedMediaType extends AppError {
  /** `expected`: the media types taken; `detail`, where people read it, says so in their words. */
  constructor(expected: string, detail = `Send the body as ${expected}.`) {
    super(415, "unsupported_media_type", "Unsupported media type", detail);
  }
}

/** A well-formed request that breaks a rule of the domain (illegal transition, last owner, ...). */
export class RuleViolation extends AppError {
  constructor(detail: string, code = "rule_violation", extra: Record<string, unknown> = {}) {
    super(422, code, "Rule violated", detail, extra);
  }
}

/** The database is away for a moment: the client may retry after `retryAfterSeconds`. */
export class ServiceUnavailable extends AppError {
  constructor(
    readonly retryAfterSeconds = 5,
    code = "database_unavailable",
    detail = "The service cannot reach its database right now. Try again shortly.",
  ) {
    super(
      503,
      code,
      "Service unavailable",
      detail,
      {},
      {
        "Retry-After": String(retryAfterSeconds),
      },
    );
  }
}

export class TooManyRequests extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    code = "rate_limited",
    detail = `Try again in ${retryAfterSeconds} seconds.`,
  ) {
    super(
      429,
      code,
      "Too many requests",
      detail,
      {},
      {
        "Retry-After": String(retryAfterSeconds),
      },
    );
  }
}

/** An upload that would take a project's files past its storage quota (PROJECT_STORAGE_QUOTA_BYTES). */
export class StorageQuotaExceeded extends AppError {
  constructor(quotaBytes: number) {
    super(
      413,
      "quota_exceeded",
      "Storage quota exceeded",
      `This project's files may take at most ${quotaBytes} bytes, and this upload would pass that. Delete files first.`,
    );
  }
}

/** A method the path does not serve; `Allow` names those it does. */
export class MethodNotAllowed extends AppError {
  constructor(method: string, allowed: readonly string[]) {
    super(
      405,
      "method_not_allowed",
      "Method not allowed",
      `This endpoint does not answer ${method}; it answers ${allowed.join(", ")}.`,
      { allowed: [...allowed] },
      { Allow: allowed.join(", ") },
    );
  }
}

/** A Range that starts past the end of the file; `Content-Range` names the size. */
export class RangeNotSatisfiable extends AppError {
  constructor(size: number) {
    super(
      416,
      "range_not_satisfiable",
      "Range not satisfiable",
      `The file has ${size} bytes; ask for a range inside it.`,
      {},
      { "Content-Range": `bytes */${size}` },
    );
  }
}
