/**
 * Who may store an API answer (docs/deploy.md, "What may be cached"). The route wrapper sets
 * `Cache-Control` and `Vary` on every answer from here; handlers never set them.
 *
 * A shared cache (a reverse proxy, a CDN) may keep only anonymous 2xx and 304 answers of the
 * operations marked `cache: "public"`, which read public data: the directory, a project, its
 * releases and pages, the launcher list and manifests, the launcher keys, public profile pictures
 * and the OpenAPI document. Everything else is private to the caller.
 */

/** How long a shared cache serves a public answer without asking again. */
export const SHARED_MAX_AGE_SECONDS = 60;
/** How long after that it may still serve it while it revalidates in the background. */
export const STALE_WHILE_REVALIDATE_SECONDS = 30;
/**
 * The longest a taken-down project, a yanked release or a removed picture can still be served by a
 * shared cache that follows these headers. No `stale-if-error`: an outage does not extend it.
 */
export const MAX_SECONDS_IN_SHARED_CACHE = SHARED_MAX_AGE_SECONDS + STALE_WHILE_REVALIDATE_SECONDS;

/** Anonymous answers of public data: shared caches keep them briefly, browsers revalidate every time. */
export const PUBLIC_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE_SECONDS}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`;
/** Private JSON: nobody stores it (tokens, sessions, exports, anything read as a signed-in caller). */
export const PRIVATE_CACHE_CONTROL = "private, no-store";
/**
 * Private bytes (pictures, downloads): the caller's own browser may keep them and revalidates them
 * with the ETag before each use, so a page full of pictures costs 304s, never a shared copy.
 */
export const PRIVATE_BYTES_CACHE_CONTROL = "private, no-cache";
/** Errors are never stored: a 404 must not outlive the project coming back, a 401 is about one caller. */
export const ERROR_CACHE_CONTROL = "no-store";
/** Every API answer may depend on who asks; no body depends on Accept-Language. */
export const API_VARY = "Authorization, Cookie";

export interface CacheDecision {
  /** The operation reads public data (`cache: "public"` on it). */
  publicData: boolean;
  /** No Authorization header, no session cookie and no caller. */
  anonymous: boolean;
  status: number;
  /** The answer is bytes (a file or a stream) rather than JSON. */
  bytes: boolean;
}

/** The Cache-Control of an answer. */
export function cacheControlFor({ publicData, anonymous, status, bytes }: CacheDecision): string {
  if (status >= 400) return ERROR_CACHE_CONTROL;
  if (publicData && anonymous && ((status >= 200 && status < 300) || status === 304)) return PUBLIC_CACHE_CONTROL;
  return bytes ? PRIVATE_BYTES_CACHE_CONTROL : PRIVATE_CACHE_CONTROL;
}
