import { operationOf } from "../http/route";
import { checkResponse } from "./response-contract";

type RouteHandler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Sent as is, instead of JSON-encoding `body`. */
  rawBody?: string;
  headers?: Record<string, string>;
  params?: Record<string, string | string[]>;
  ip?: string;
}

/** Calls a route handler the way Next.js does, with a real Request; the answer must be as the OpenAPI document declares it. */
export async function call(handler: RouteHandler, method: string, url: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { "x-forwarded-for": options.ip ?? "10.1.1.1", ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const response = await handler(new Request(new URL(url, "http://127.0.0.1:3000"), { method, headers, body }), {
    params: Promise.resolve(options.params ?? {}),
  });
  const text = await response.text();
  checkResponse(operationOf(handler), method, response, text);
  const json = text && /json/.test(response.headers.get("content-type") ?? "") ? (JSON.parse(text) as Record<string, unknown>) : null;
  return { status: response.status, headers: response.headers, json, text };
}
