import { z } from "zod";
import { isDatabaseUnavailable } from "../db/availability";
import { API_VARY, ERROR_CACHE_CONTROL } from "./cache";
import { AppError, ClientClosedRequest, ServiceUnavailable, ValidationFailed, type FieldError } from "../errors";

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

export function zodFieldErrors(error: z.ZodError, prefix = ""): FieldError[] {
  return error.issues.flatMap((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({ path: [path, key].filter(Boolean).join("."), message: "Unknown field." }));
    }
    return [{ path, message: issue.message }];
  });
}

/** The problem document of any error; unknown errors become a bare 500 (logged, never described). */
export function problemFor(
  error: unknown,
  requestId: string,
): { status: number; body: Record<string, unknown>; headers: Record<string, string> } {
  const known = error instanceof z.ZodError ? new ValidationFailed(zodFieldErrors(error)) : error;
  if (known instanceof AppError) {
    // A client that went away is an everyday event, not a failure of ours: debug, without a stack.
    if (known instanceof ClientClosedRequest)
      console.debug(`[${requestId}] client went away before its request was received whole (${known.reason})`);
    return {
      status: known.status,
      headers: known.headers,
      body: {
        type: `https://docs.pums.dev/problems/${known.code}`,
        title: known.title,
        status: known.status,
        detail: known.message,
        code: known.code,
        requestId,
        ...known.extra,
      },
    };
  }
  if (isDatabaseUnavailable(error)) {
    console.warn(`[${requestId}] database unavailable: ${(error as Error).message?.split("\n").at(-1) ?? "unknown"}`);
    return problemFor(new ServiceUnavailable(), requestId);
  }
  if (isUniqueViolation(error)) {
    return problemFor(new AppError(409, "conflict", "Conflict", "This conflicts with an existing record."), requestId);
  }
  console.error(`[${requestId}] unhandled error`, error);
  return {
    status: 500,
    headers: {},
    body: {
      type: "https://docs.pums.dev/problems/internal",
      title: "Internal server error",
      status: 500,
      detail: "Something went wrong on our side. Quote the request id if you contact support.",
      code: "internal",
      requestId,
    },
  };
}

/** A unique index refused the write (Prisma's P2002). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}

export function problemResponse(error: unknown, requestId: string): Response {
  const { status, body, headers } = problemFor(error, requestId);
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "Content-Type": PROBLEM_CONTENT_TYPE,
      "X-Request-Id": requestId,
      ...headers,
      "Cache-Control": ERROR_CACHE_CONTROL,
      Vary: API_VARY,
    },
  });
}
