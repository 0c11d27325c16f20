import { LauncherError } from "./errors";

/** A problem+json answer of the API, with its status. */
export class ApiError extends LauncherError {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly detail: string,
    /** The whole problem document (extension members such as `interval`). */
    readonly problem: Record<string, unknown> = {},
  ) {
    super(`The server answered ${status}${code ? ` (${code})` : ""}: ${detail}`);
    this.name = "ApiError";
  }
}

export interface ApiOptions {
  /** The server's base address, such as http://127.0.0.1:3000 (no trailing slash). */
  server: string;
  /** A bearer token from `login`, if any. */
  token?: string | null;
}

/** The server's address without a trailing slash; refuses what is not an http(s) address. */
export function normalizeServer(server: string): string {
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    throw new LauncherError(`"${server}" is not a server address: give one such as http://127.0.0.1:3000.`, 2);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new LauncherError(`The server address must start with http:// or https://.`, 2);
  return url.toString().replace(/\/+$/, "");
}

/**
 * Why fetch failed, said for a person: "fetch failed" hides the cause (refused, unknown host,
 * reset) in `cause`.
 */
function unreachable(server: string, error: unknown): LauncherError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const reason = cause?.code ?? cause?.message ?? (error as Error).message;
  return new LauncherError(`Cannot reach the server at ${server} (${reason}). Is it running? Choose another one with --server URL.`);
}

/** The one HTTP client of the launcher: the public API, JSON in and out, errors as sentences. */
export class Api {
  readonly server: string;
  readonly token: string | null;

  constructor(options: ApiOptions) {
    this.server = normalizeServer(options.server);
    this.token = options.token ?? null;
  }

  /** An absolute address for a path of the API (manifest file URLs are paths). */
  url(pathOrUrl: string): string {
    return new URL(pathOrUrl, `${this.server}/`).toString();
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { accept: "application/json", ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...extra };
  }

  /** fetch with the server's errors (unreachable) said clearly; the answer as it came. */
  async fetch(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    try {
      return await fetch(this.url(pathOrUrl), { ...init, headers: this.headers(init.headers as Record<string, string> | undefined) });
    } catch (error) {
      if ((error as Error).name === "AbortError") throw error;
      throw unreachable(this.server, error);
    }
  }

  /** A JSON answer, or an ApiError carrying the status and the problem's `code`. */
  async json<T>(pathOrUrl: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
    const response = await this.fetch(pathOrUrl, {
      method: init.method ?? "GET",
      ...(init.body !== undefined ? { body: JSON.stringify(init.body), headers: { "content-type": "application/json" } } : {}),
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (response.status === 401 && this.token)
      throw new LauncherError(
        `The server refused the stored sign-in (401): sign in again with: npm run launcher -- login --server ${this.server}`,
      );
    if (!response.ok) {
      const problem = (parsed ?? {}) as { code?: string; detail?: string; title?: string };
      throw new ApiError(
        response.status,
        problem.code,
        problem.detail ?? problem.title ?? (text.slice(0, 200) || response.statusText),
        problem as Record<string, unknown>,
      );
    }
    if (parsed === null)
      throw new LauncherError(`The server at ${this.server} did not answer JSON for ${pathOrUrl}: is it this platform's server?`);
    return parsed as T;
  }
}
