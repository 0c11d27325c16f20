/**
 * The file, download and launcher endpoints of the release, file and launcher table
 * (lib/testing/release-table.ts: the callers, the projects, the releases of each kind with a file
 * each, a file without a release, and the rules): upload, frozen files of a release in review or
 * published (409 `release_locked`), list, read and download per release kind and without a
 * release, deletion, the launcher settings, the manifest and the launcher directory per caller;
 * every write 409 `in_review` while the project is in review. Releases: releases-cross-tenant.test.ts.
 */
import "@/lib/testing/unlimited-api-rate";
import { describe, expect, it } from "vitest";
import * as manifestRoute from "@/app/api/v1/launcher/projects/[id]/manifest/route";
import * as launcherProjectsRoute from "@/app/api/v1/launcher/projects/route";
import * as fileDownloadRoute from "@/app/api/v1/projects/[id]/files/[fileId]/download/route";
import * as fileRoute from "@/app/api/v1/projects/[id]/files/[fileId]/route";
import * as filesRoute from "@/app/api/v1/projects/[id]/files/route";
import * as launcherRoute from "@/app/api/v1/projects/[id]/launcher/route";
import { db } from "@/lib/db/client";
import { fileStore } from "@/lib/files/store";
import { runTable } from "@/lib/testing/cross-tenant-table";
import { call } from "@/lib/testing/http";
import {
  CALLERS,
  compare,
  type Endpoint,
  fixture,
  has,
  keepLauncherSettings,
  launcherOn,
  RELEASES,
  seenFiles,
  seenKinds,
  seesDownloads,
  seesInLauncher,
  seesLooseFiles,
  seesRelease,
  setUpReleaseTable,
  storeFile,
  teamWrite,
  titles,
  write,
} from "@/lib/testing/release-table";

setUpReleaseTable();

const ENDPOINTS: Endpoint[] = [
  {
    name: "POST /projects/{id}/files",
    request: (token, p) =>
      call(filesRoute.POST, "POST", "/?name=new.bin&kind=OTHER", {
        token,
        params: { id: p.id },
        rawBody: "new bytes",
        headers: { "content-type": "application/octet-stream" },
      }),
    expected: (c, p) => teamWrite(c, p, seesDownloads(c, p), "downloads.manage", 201),
    restore: async (_p, { json }) => {
      const file = await db.download.delete({ where: { id: json!.id as string } });
      await fileStore().remove(file.storageKey);
    },
  },
  ...(["review", "stable"] as const).map(
    (kind): Endpoint => ({
      // The files of a release in review or published are frozen (the project is not trusted): 409 release_locked.
      name: `POST /projects/{id}/files?releaseId= (${kind})`,
      request: (token, p) =>
        call(filesRoute.POST, "POST", `/?name=new.bin&kind=OTHER&releaseId=${fixture.releases[p.id][kind]}`, {
          token,
          params: { id: p.id },
          rawBody: "new bytes",
          headers: { "content-type": "application/octet-stream" },
        }),
      expected: (c, p) => write(c, seesRelease(c, p, kind), "downloads.manage", 409),
    }),
  ),
  {
    name: "GET /projects/{id}/files",
    request: (token, p) => call(filesRoute.GET, "GET", "/?limit=100", { token, params: { id: p.id } }),
    expected: (c, p) => (seesDownloads(c, p) ? 200 : 404),
    shows: (c, p, json) => compare(titles(json), seenFiles(c, p)),
  },
  ...(["draft", "stable", "yanked", "review"] as const).flatMap((kind): Endpoint[] => [
    {
      name: `GET /projects/{id}/files/{fileId} (${kind})`,
      request: (token, p) => call(fileRoute.GET, "GET", "/", { token, params: { id: p.id, fileId: fixture.files[p.id][kind] } }),
      expected: (c, p) => (seesRelease(c, p, kind) ? 200 : 404),
    },
    {
      name: `GET /projects/{id}/files/{fileId}/download (${kind})`,
      request: (token, p) => call(fileDownloadRoute.GET, "GET", "/", { token, params: { id: p.id, fileId: fixture.files[p.id][kind] } }),
      expected: (c, p) => (seesRelease(c, p, kind) ? 200 : 404),
    },
  ]),
  {
    name: "GET /projects/{id}/files/{fileId}/download (no release)",
    request: (token, p) => call(fileDownloadRoute.GET, "GET", "/", { token, params: { id: p.id, fileId: fixture.files[p.id].loose } }),
    expected: (c, p) => (seesLooseFiles(c, p) ? 200 : 404),
  },
  ...(["beta", "review"] as const).map(
    (kind): Endpoint => ({
      // Frozen files (a published release's, a release's in review): 409 release_locked, in review or not.
      name: `DELETE /projects/{id}/files/{fileId} (${kind})`,
      request: (token, p) => call(fileRoute.DELETE, "DELETE", "/", { token, params: { id: p.id, fileId: fixture.files[p.id][kind] } }),
      expected: (c, p) => write(c, seesRelease(c, p, kind), "downloads.manage", 409),
    }),
  ),
  {
    name: "DELETE /projects/{id}/files/{fileId} (draft)",
    request: (token, p) => call(fileRoute.DELETE, "DELETE", "/", { token, params: { id: p.id, fileId: fixture.files[p.id].draft } }),
    expected: (c, p) => teamWrite(c, p, seesRelease(c, p, "draft"), "downloads.manage", 204),
    restore: async (p) => void (await storeFile(p.id, fixture.releases[p.id].draft, "draft.bin", fixture.files[p.id].draft)),
  },
  {
    name: "GET /projects/{id}/launcher",
    request: (token, p) => call(launcherRoute.GET, "GET", "/", { token, params: { id: p.id } }),
    expected: (c, p) => (c === "anonymous" ? 401 : !seesInLauncher(c, p) || !launcherOn(p) ? 404 : has(c, "launcher.manage") ? 200 : 403),
  },
  {
    name: "PUT /projects/{id}/launcher",
    request: (token, p) =>
      call(launcherRoute.PUT, "PUT", "/", {
        token,
        params: { id: p.id },
        body: { offerInstall: true, offerUpdate: true, offerRepair: false, offerGameStart: false, offerVersions: true, launchSettings: {} },
      }),
    // The launcher settings are reviewed content too: locked while the project is in review.
    expected: (c, p) => teamWrite(c, p, seesInLauncher(c, p) && launcherOn(p), "launcher.manage", 200),
    restore: async (p) => void (await keepLauncherSettings(p.id)),
  },
  {
    name: "GET /launcher/projects/{id}/manifest",
    request: (token, p) => call(manifestRoute.GET, "GET", "/", { token, params: { id: p.id } }),
    // An APPLICATION_ONLY project's launch settings are not for signed-in strangers (issue 23, finding 10).
    expected: (c, p) => (seesInLauncher(c, p) && launcherOn(p) ? 200 : 404),
    shows: (c, p, json) => {
      const versions = (json.versions as { version: string }[]).map((row) => row.version).sort();
      const want = seenKinds(c, p)
        .filter((kind) => RELEASES[kind].state === "PUBLISHED")
        .map((kind) => RELEASES[kind].version)
        .sort();
      return compare(versions, want);
    },
  },
];

runTable(ENDPOINTS, CALLERS, fixture, { across: "status × visibility × module", timeout: 180_000 });

describe("GET /launcher/projects", () => {
  it.each(CALLERS.map((caller) => ({ caller })))(
    "as $caller: exactly the published PUBLIC and LAUNCHER projects with the module on",
    async ({ caller }) => {
      const seen = new Set<string>();
      let cursor: string | null = null;
      do {
        const page = await call(launcherProjectsRoute.GET, "GET", `/?limit=100${cursor ? `&cursor=${cursor}` : ""}`, {
          token: fixture.tokens[caller],
        });
        expect(page.status).toBe(200);
        for (const row of page.json!.data as { id: string }[]) seen.add(row.id);
        cursor = page.json!.nextCursor as string | null;
      } while (cursor);
      const ours = fixture.projects
        .filter((p) => seen.has(p.id))
        .map((p) => p.name)
        .sort();
      const expected = fixture.projects
        .filter((p) => p.status === "PUBLISHED" && (p.visibility === "PUBLIC" || p.visibility === "LAUNCHER") && launcherOn(p))
        .map((p) => p.name)
        .sort();
      expect(ours).toEqual(expected);
    },
  );
});
