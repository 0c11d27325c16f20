/**
 * The launcher's conversation with one server: the API client with the stored sign-in, finding a
 * project by slug, and fetching a manifest whose signature is checked before anything reads it.
 */
import { Api, ApiError, normalizeServer } from "./api";
import { signInFor } from "./config";
import { LauncherError } from "./errors";
import { type Channel, type Manifest, type PublicKey, trustedKey } from "./manifest";
import type { Platform } from "./platform";

export const DEFAULT_SERVER = "http://127.0.0.1:3000";

/** The API client for `server`, signed in when `login` stored a token for it. */
export async function openApi(server: string): Promise<Api> {
  const normalized = normalizeServer(server);
  const signIn = await signInFor(normalized);
  return new Api({ server: normalized, token: signIn?.token ?? null });
}

interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

export interface ProjectRef {
  id: string;
  slug: string;
  name: string;
}

async function findInPages(api: Api, first: string, wanted: string): Promise<ProjectRef | null> {
  let next: string | null = first;
  while (next) {
    const page: Page<ProjectRef> = await api.json<Page<ProjectRef>>(next);
    const hit = page.data.find((project) => project.slug === wanted || project.id === wanted);
    if (hit) return hit;
    next = page.nextCursor ? `${first}&cursor=${encodeURIComponent(page.nextCursor)}` : null;
  }
  return null;
}

/**
 * A project by slug (or id). The API reads projects by id only, so the launcher looks the slug up
 * where a player finds games: the launcher directory (`GET /api/v1/launcher/projects`), then,
 * signed in, the caller's own projects (`GET /api/v1/projects?member=me`), which holds the
 * projects the directory leaves out (LAUNCHER off for the public, APPLICATION_ONLY, PRIVATE).
 */
export async function findProject(api: Api, slugOrId: string): Promise<ProjectRef> {
  const listed = await findInPages(api, "/api/v1/launcher/projects?limit=100", slugOrId);
  if (listed) return listed;
  if (api.token) {
    const own = await findInPages(api, "/api/v1/projects?member=me&limit=100", slugOrId);
    if (own) return own;
  }
  throw new LauncherError(
    `No project "${slugOrId}" is offered by ${api.server}.${api.token ? "" : " If it is not public, sign in first with: npm run launcher -- login"}`,
  );
}

export interface ManifestQuery {
  channel: Channel;
  platform: Platform;
  version?: string;
  installed?: string;
}

/**
 * The project's manifest, its signature checked by the rotation rule against `pinned` (null:
 * first use). Returns the key to pin from now on. 404 and 410 say the project is no longer offered.
 */
export async function signedManifest(
  api: Api,
  projectId: string,
  query: ManifestQuery,
  pinned: PublicKey | null,
): Promise<{ manifest: Manifest; key: PublicKey }> {
  const search = new URLSearchParams({ channel: query.channel, platform: query.platform });
  if (query.version) search.set("version", query.version);
  if (query.installed) search.set("installed", query.installed);
  let manifest: Manifest;
  try {
    manifest = await api.json<Manifest>(`/api/v1/launcher/projects/${encodeURIComponent(projectId)}/manifest?${search}`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 410)) {
      const what = query.version ? `Version ${query.version} of this project is not offered` : "This project is no longer offered";
      throw new LauncherError(
        `${what} by ${api.server} (${error.status}).${api.token ? "" : " If it is not public, sign in first with: npm run launcher -- login"}`,
      );
    }
    throw error;
  }
  const { keys } = await api.json<{ keys: PublicKey[] }>("/api/v1/launcher/keys");
  return { manifest, key: trustedKey(manifest, keys, pinned) };
}
