/**
 * Slugs: the words of an address (`/projects/skyforge-survival`, `/pages/getting-started`). No
 * Node imports: the portal's forms derive the same slug in the browser as the service does.
 */

/** Lower-case letters and digits in words joined by single hyphens (`getting-started`). */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const PROJECT_SLUG_MAX = 48;
/** Slugs the portal uses as its own addresses (/projects/new, /projects/deleted). */
export const RESERVED_PROJECT_SLUGS: ReadonlySet<string> = new Set(["new", "deleted"]);

/** "Skyforge: Survival!" → "skyforge-survival", "Größte Bucht" → "grosste-bucht"; "" when no letter or digit is left. */
export function slugify(text: string, maxLength = PROJECT_SLUG_MAX): string {
  return text
    .replace(/ß/g, "ss")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength)
    .replace(/-+$/, "");
}

/** A project's slug from its name: never empty, never reserved. */
export function projectSlug(name: string): string {
  const slug = slugify(name);
  if (!slug) return "project";
  return RESERVED_PROJECT_SLUGS.has(slug) ? `${slug}-project` : slug;
}

/** The next candidate when a slug is taken: a short random suffix keeps it unique without scanning. */
export function withSuffix(slug: string): string {
  const suffix = Array.from(crypto.getRandomValues(new Uint8Array(3)), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${slug.slice(0, PROJECT_SLUG_MAX - 7)}-${suffix}`;
}
