import { createHash } from "node:crypto";

/**
 * The ETag of a versioned resource; If-Match sends it back (`"v<version>"`). `perCaller`: the part
 * of the answer that depends on who asks (a project's `access`), which can change while the
 * version does not: it is added as a suffix (`"v<version>.<hash>"`), so that If-None-Match never
 * keeps a caller on their old permissions; If-Match reads only the version.
 */
export function versionEtag(resource: { version: number }, perCaller?: unknown): string {
  if (perCaller === undefined || perCaller === null) return `"v${resource.version}"`;
  const hash = createHash("sha256").update(JSON.stringify(perCaller)).digest().subarray(0, 6).toString("base64url");
  return `"v${resource.version}.${hash}"`;
}

/**
 * A strong validator of an answer that has no version: 128 bits of the SHA-256 of the bytes sent
 * (`"h<base64url>"`). Two answers with the same bytes share it, which is all If-None-Match needs.
 */
export function contentEtag(bytes: string | Uint8Array): string {
  return `"h${createHash("sha256").update(bytes).digest().subarray(0, 16).toString("base64url")}"`;
}

/** The entity-tags of an If-None-Match or If-Match header: `*`, or a list of (weak or strong) tags. */
const ENTITY_TAG = /(?:W\/)?"[\x21\x23-\x7e\x80-\xff]*"/g;

/**
 * Whether If-None-Match fails for the current ETag, so that a GET or HEAD answers 304 (RFC 9110
 * section 13.1.2): `*` matches any current answer; a list matches when one of its tags is the same
 * by the weak comparison (the opaque tags are equal, a `W/` prefix on either side ignored).
 */
export function ifNoneMatchHits(header: string | null, etag: string): boolean {
  if (header === null) return false;
  if (header.trim() === "*") return true;
  const current = opaqueTag(etag);
  return (header.match(ENTITY_TAG) ?? []).some((tag) => opaqueTag(tag) === current);
}

function opaqueTag(tag: string): string {
  return tag.startsWith("W/") ? tag.slice(2) : tag;
}
