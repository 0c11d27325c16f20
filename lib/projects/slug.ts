import { randomBytes } from "node:crypto";

/** Slugs the portal uses as its own addresses (/projects/new). */
const RESERVED = new Set(["new", "deleted"]);

/** "Skyforge: Survival!" → "skyforge-survival". Never empty, never reserved. */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/, "");
  if (!slug) return "project";
  return RESERVED.has(slug) ? `${slug}-project` : slug;
}

/** The next candidate when a slug is taken: a short random suffix keeps it unique without scanning. */
export function withSuffix(slug: string): string {
  return `${slug.slice(0, 41)}-${randomBytes(3).toString("hex")}`;
}
