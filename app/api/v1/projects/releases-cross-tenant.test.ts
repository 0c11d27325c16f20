/**
 * Every release, file and launcher endpoint × every kind of caller × a project in every status and
 * visibility, with the DOWNLOADS and LAUNCHER modules on (pre-releases offered or not) and off.
 * Each (untrusted) project holds a draft, a published STABLE, a published BETA, a yanked release and
 * a release in review, each with one file, and a file without a release. The expected status (and
 * what a list shows) comes from DESIGN 4, 8.1 and 8.2 (release review, frozen files, the lock of a
 * project in review, trust), written out below. Calls that change something are put back, so every
 * row starts from the same state; a download's count is the exception: no row reads it, and putting
 * it back (a write, which empties the data cache) made the download rows about twice as many
 * statements (docs/testing.md, Budget, 2026-11-27 evening).
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as manifestRoute from "@/app/api/v1/launcher/projects/[id]/manifest/route";
import * as launcherProjectsRoute from "@/app/api/v1/launcher/projects/route";
import * as fileDownloadRoute from "@/app/api/v1/projects/[id]/files/[fileId]/download/route";
import * as fileRoute from "@/app/api/v1/projects/[id]/files/[fileId]/route";
import * as filesRoute from "@/app/api/v1/projects/[id]/files/route";
import * as launcherRoute from "@/app/api/v1/projects/[id]/launcher/route";
import * as releaseRoute from "@/app/api/v1/projects/[id]/releases/[releaseId]/route";
import * as releaseSubmitRoute from "@/app/api/v1/projects/[id]/releases/[releaseId]/submit/route";
import * as releasesRoute from "@/app/api/v1/projects/[id]/releases/route";
import * as trustRoute from "@/app/api/v1/projects/[id]/trust/route";
import * as releaseDecisionRoute from "@/app/api/v1/reviews/releases/[releaseId]/decision/route";
import { db } from "@/lib/db/client";
import type { Project } from "@/lib/db/generated/client";
import { fileStore } from "@/lib/files/store";
import {
  ANONYMOUS,
  crossTenantOracle,
  memberWith,
  moduleOn,
  SIGNED_IN,
  staff,
  STAFF_TOKENS,
  SUSPENDED_OWNER,
} from "@/lib/testing/cross-tenant-oracle";
import { createTableCallers, createTableProjects, runTable, type TableEndpoint } from "@/lib/testing/cross-tenant-table";
import { tokenFor } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";

// Each caller makes about 1,100 calls within a minute here: the per-caller API limit (1,200 a
// minute, read when lib/rate-limit loads) is not what this table checks.
vi.hoisted(() => {
  process.env.API_RATE_LIMIT_PER_MINUTE = "1000000";
});

const KINDS = ["draft", "stable", "beta", "yanked", "review"] as const;
type Kind = (typeof KINDS)[number];
const RELEASES: Record<Kind, { version: string; channel: "STABLE" | "BETA"; state: "DRAFT" | "IN_REVIEW" | "PUBLISHED" | "YANKED" }> = {
  draft: { version: "2.0.0", channel: "STABLE", state: "DRAFT" },
  stable: { version: "1.0.0", channel: "STABLE", state: "PUBLISHED" },
  beta: { version: "1.1.0-beta.1", channel: "BETA", state: "PUBLISHED" },
  yanked: { version: "0.9.0", channel: "STABLE", state: "YANKED" },
  review: { version: "2.1.0", channel: "STABLE", state: "IN_REVIEW" },
};

// The callers, and the rules as DESIGN states them (lib/testing/cross-tenant-oracle.ts) over them.
const {
  callers: CALLERS,
  has,
  seesDownloads,
  seesInLauncher,
  seesRelease: seesReleaseOf,
  seesLooseFiles,
  reviews,
  isAnonymous,
  write,
} = crossTenantOracle({
  owner: memberWith("OWNER"),
  developer: memberWith("DEVELOPER"),
  tester: memberWith("TESTER"),
  member: memberWith("MEMBER"),
  suspendedOwner: SUSPENDED_OWNER,
  ownerReadOnly: memberWith("OWNER", { readOnly: true }),
  anonymous: ANONYMOUS,
  outsider: SIGNED_IN,
  ...STAFF_TOKENS,
  teamLeadAdmin: staff("reviewer"),
});
type Caller = (typeof CALLERS)[number];
const launcherOn = (p: Project) => moduleOn(p, "LAUNCHER");
const seesRelease = (c: Caller, p: Project, kind: Kind) => seesReleaseOf(c, p, RELEASES[kind]);

/**
 * A team's change: as `write` says, except that while the project is in review every change to its
 * releases and files that would pass is refused with 409 in_review (DESIGN 8.2).
 */
const teamWrite = (c: Caller, p: Project, exists: boolean, permission: Parameters<typeof write>[2], success: number) => {
  const status = write(c, exists, permission, success);
  return status === success && p.status === "IN_REVIEW" ? 409 : status;
};
/** A reviewer's call (scope admin, projects.review): 401, 403 for everyone else (tokens without the admin scope too), 404 where it is not theirs to see. */
const reviewerCall = (c: Caller, exists: boolean, success: number) => (isAnonymous(c) ? 401 : !reviews(c) ? 403 : exists ? success : 404);

interface Fixture {
  tokens: Partial<Record<Caller, string>>;
  projects: Project[];
  releases: Record<string, Record<Kind, string>>;
  files: Record<string, Record<Kind | "loose", string>>;
}
const fixture: Fixture = { tokens: {}, projects: [], releases: {}, files: {} };
/** The table projects' launcher settings: versions offered, so the manifest lists them (manifest v2 leaves them out otherwise). */
const LAUNCHER_SETTINGS = {
  offerInstall: true,
  offerUpdate: true,
  offerRepair: true,
  offerGameStart: false,
  offerVersions: true,
  launchSettings: {},
};
const keepLauncherSettings = (projectId: string) =>
  db.launcherSettings.upsert({ where: { projectId }, create: { projectId, ...LAUNCHER_SETTINGS }, update: LAUNCHER_SETTINGS });

async function storeFile(projectId: string, releaseId: string | null, name: string, id?: string) {
  const bytes = Buffer.from(`${name} of ${projectId}`);
  return db.download.create({
    data: {
      ...(id ? { id } : {}),
      projectId,
      releaseId,
      kind: "SOFTWARE",
      fileName: name,
      contentType: "application/octet-stream",
      size: BigInt(bytes.length),
      sha256: "0".repeat(64),
      storageKey: await fileStore().put(bytes),
    },
  });
}

beforeAll(async () => {
  const callers = await createTableCallers(["developer", "tester", "member", "outsider"] as const);
  const { owner, tokens } = callers;
  fixture.tokens = { ...tokens, ownerReadOnly: await tokenFor(owner.id, ["read"]) };

  const variants = [
    { modules: ["DOWNLOADS", "LAUNCHER"] as const, offerPrereleases: false, label: "on" },
    { modules: ["DOWNLOADS", "LAUNCHER"] as const, offerPrereleases: true, label: "on+pre" },
    { modules: [] as const, offerPrereleases: true, label: "off" },
  ];
  fixture.projects = await createTableProjects(callers, {
    variants,
    members: ["developer", "tester", "member"],
    prepare: async (project, variant) => {
      await db.project.update({ where: { id: project.id }, data: { settings: { offerPrereleases: variant.offerPrereleases } } });
      await keepLauncherSettings(project.id);
      fixture.releases[project.id] = {} as Record<Kind, string>;
      fixture.files[project.id] = {} as Record<Kind | "loose", string>;
      fixture.files[project.id].loose = (await storeFile(project.id, null, "loose.bin")).id;
      for (const kind of KINDS) {
        const spec = RELEASES[kind];
        const release = await db.release.create({
          data: {
            projectId: project.id,
            version: spec.version,
            title: kind,
            channel: spec.channel,
            state: spec.state,
            publishedAt: spec.state === "PUBLISHED" || spec.state === "YANKED" ? new Date() : null,
            submittedAt: spec.state === "IN_REVIEW" ? new Date() : null,
          },
        });
        const file = await storeFile(project.id, release.id, `${kind}.bin`);
        fixture.releases[project.id][kind] = release.id;
        fixture.files[project.id][kind] = file.id;
      }
    },
  });
}, 300_000);

type Endpoint = TableEndpoint<Caller>;

/** A PATCH of one of the table's releases, at the version it is restored to (1). */
const patchRelease =
  (kind: Kind, body: Record<string, unknown>): Endpoint["request"] =>
  (token, p) =>
    call(releaseRoute.PATCH, "PATCH", "/", {
      token,
      params: { id: p.id, releaseId: fixture.releases[p.id][kind] },
      body,
      headers: { "if-match": '"v1"' },
    });

const seenKinds = (c: Caller, p: Project) => KINDS.filter((kind) => seesRelease(c, p, kind)).sort();
const seenFiles = (c: Caller, p: Project) => [...seenKinds(c, p), ...(seesLooseFiles(c, p) ? ["loose"] : [])].sort();
const titles = (json: Record<string, unknown>) =>
  (json.data as { title?: string; name?: string }[]).map((row) => row.title ?? row.name!.replace(".bin", "")).sort();
const compare = (got: string[], want: string[]) =>
  JSON.stringify(got) === JSON.stringify(want) ? null : `shows ${got.join(",")}, expected ${want.join(",")}`;

const ENDPOINTS: Endpoint[] = [
  {
    name: "GET /projects/{id}/releases",
    request: (token, p) => call(releasesRoute.GET, "GET", "/?limit=100", { token, params: { id: p.id } }),
    expected: (c, p) => (seesDownloads(c, p) ? 200 : 404),
    shows: (c, p, json) => compare(titles(json), seenKinds(c, p)),
  },
  {
    name: "POST /projects/{id}/releases",
    request: (token, p) => call(releasesRoute.POST, "POST", "/", { token, params: { id: p.id }, body: { version: "3.0.0", title: "New" } }),
    expected: (c, p) => teamWrite(c, p, seesDownloads(c, p), "releases.manage", 201),
    restore: async (p) => void (await db.release.deleteMany({ where: { projectId: p.id, version: "3.0.0" } })),
  },
  ...KINDS.map(
    (kind): Endpoint => ({
      name: `GET /projects/{id}/releases/{releaseId} (${kind})`,
      request: (token, p) => call(releaseRoute.GET, "GET", "/", { token, params: { id: p.id, releaseId: fixture.releases[p.id][kind] } }),
      expected: (c, p) => (seesRelease(c, p, kind) ? 200 : 404),
    }),
  ),
  {
    name: "PATCH /projects/{id}/releases/{releaseId} (stable)",
    request: patchRelease("stable", { title: "Renamed" }),
    expected: (c, p) => teamWrite(c, p, seesRelease(c, p, "stable"), "releases.manage", 200),
    restore: async (p) =>
      void (await db.release.update({ where: { id: fixture.releases[p.id].stable }, data: { title: "stable", lockVersion: 1 } })),
  },
  {
    name: "PATCH /projects/{id}/releases/{releaseId} (draft)",
    request: patchRelease("draft", { changelog: "Edited" }),
    expected: (c, p) => teamWrite(c, p, seesRelease(c, p, "draft"), "releases.manage", 200),
    restore: async (p) =>
      void (await db.release.update({ where: { id: fixture.releases[p.id].draft }, data: { changelog: "", lockVersion: 1 } })),
  },
  {
    // The project is not trusted: publishing directly is 409 review_required (in review: in_review first).
    name: "PATCH /projects/{id}/releases/{releaseId} (draft, publish)",
    request: patchRelease("draft", { state: "PUBLISHED" }),
    expected: (c, p) => write(c, seesRelease(c, p, "draft"), "releases.manage", 409),
  },
  {
    // A release in review is frozen: anything but its withdrawal to DRAFT is 409 release_locked.
    name: "PATCH /projects/{id}/releases/{releaseId} (review)",
    request: patchRelease("review", { title: "Renamed" }),
    expected: (c, p) => write(c, seesRelease(c, p, "review"), "releases.manage", 409),
  },
  {
    name: "POST /projects/{id}/releases/{releaseId}/submit (draft)",
    request: (token, p) =>
      call(releaseSubmitRoute.POST, "POST", "/", { token, params: { id: p.id, releaseId: fixture.releases[p.id].draft } }),
    expected: (c, p) => teamWrite(c, p, seesRelease(c, p, "draft"), "releases.manage", 200),
    restore: async (p) =>
      void (await db.release.update({
        where: { id: fixture.releases[p.id].draft },
        data: { state: "DRAFT", submittedAt: null, lockVersion: 1 },
      })),
  },
  {
    name: "POST /reviews/releases/{releaseId}/decision (review)",
    request: (token, p) =>
      call(releaseDecisionRoute.POST, "POST", "/", {
        token,
        params: { releaseId: fixture.releases[p.id].review },
        body: { decision: "REJECT", checklist: { quality: { passed: false, note: "" }, security: { passed: true } }, publicReason: "No." },
      }),
    expected: (c, p) => reviewerCall(c, seesRelease(c, p, "review"), 200),
    restore: async (p) => {
      await db.releaseReview.deleteMany({ where: { releaseId: fixture.releases[p.id].review } });
      await db.release.update({ where: { id: fixture.releases[p.id].review }, data: { state: "IN_REVIEW", lockVersion: 1 } });
    },
  },
  {
    name: "PUT /projects/{id}/trust",
    request: (token, p) =>
      call(trustRoute.PUT, "PUT", "/", { token, params: { id: p.id }, body: { trusted: true, reason: "Known studio" } }),
    // Reviewers see every project (projects.readAny).
    expected: (c) => reviewerCall(c, true, 200),
    restore: async (p) => void (await db.project.update({ where: { id: p.id }, data: { trusted: false, trustReason: null } })),
  },
  {
    // A published release is never deleted (422): the permission gate is what this row checks.
    name: "DELETE /projects/{id}/releases/{releaseId} (stable)",
    request: (token, p) =>
      call(releaseRoute.DELETE, "DELETE", "/", {
        token,
        params: { id: p.id, releaseId: fixture.releases[p.id].stable },
        headers: { "if-match": '"v1"' },
      }),
    expected: (c, p) => teamWrite(c, p, seesRelease(c, p, "stable"), "releases.manage", 422),
  },
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
