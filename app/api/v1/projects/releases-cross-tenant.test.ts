/**
 * The release endpoints of the release, file and launcher table (lib/testing/release-table.ts: the
 * callers, the projects, the releases of each kind and the rules): list, create, read each kind,
 * edit, direct publishing (409 `review_required`), a frozen release in review (409
 * `release_locked`), submit, the reviewer's decision, trust, and deletion; every write 409
 * `in_review` while the project is in review. Files and the launcher: files-cross-tenant.test.ts.
 */
import "@/lib/testing/unlimited-api-rate";
import * as releaseRoute from "@/app/api/v1/projects/[id]/releases/[releaseId]/route";
import * as releaseSubmitRoute from "@/app/api/v1/projects/[id]/releases/[releaseId]/submit/route";
import * as releasesRoute from "@/app/api/v1/projects/[id]/releases/route";
import * as trustRoute from "@/app/api/v1/projects/[id]/trust/route";
import * as releaseDecisionRoute from "@/app/api/v1/reviews/releases/[releaseId]/decision/route";
import { db } from "@/lib/db/client";
import { runTable } from "@/lib/testing/cross-tenant-table";
import { call } from "@/lib/testing/http";
import {
  CALLERS,
  compare,
  type Endpoint,
  fixture,
  KINDS,
  type Kind,
  reviewerCall,
  seenKinds,
  seesDownloads,
  seesRelease,
  setUpReleaseTable,
  teamWrite,
  titles,
  write,
} from "@/lib/testing/release-table";

setUpReleaseTable();

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
];

runTable(ENDPOINTS, CALLERS, fixture, { across: "status × visibility × module", timeout: 180_000 });
