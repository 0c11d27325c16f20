import { describe, expect, it } from "vitest";
import * as history from "@/app/api/v1/projects/[id]/history/route";
import * as images from "@/app/api/v1/projects/[id]/images/[kind]/route";
import * as launcher from "@/app/api/v1/projects/[id]/launcher/route";
import * as modules from "@/app/api/v1/projects/[id]/modules/route";
import * as pageBySlug from "@/app/api/v1/projects/[id]/pages/[pageSlug]/route";
import * as pages from "@/app/api/v1/projects/[id]/pages/route";
import * as reviewDiff from "@/app/api/v1/projects/[id]/review-diff/route";
import * as one from "@/app/api/v1/projects/[id]/route";
import * as settings from "@/app/api/v1/projects/[id]/settings/route";
import * as status from "@/app/api/v1/projects/[id]/status/route";
import * as acknowledge from "@/app/api/v1/reviews/[projectId]/acknowledge/route";
import * as decision from "@/app/api/v1/reviews/[projectId]/decision/route";
import * as queue from "@/app/api/v1/reviews/route";
import { db } from "@/lib/db/client";
import type { ProjectModuleName } from "@/lib/projects/schemas";
import { takeSnapshot } from "@/lib/projects/review-snapshot";
import { addMemberWith, createPartner, createProjectFor, createUser, tokenFor, unique } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4bf0000000049454e44ae426082",
  "hex",
);
const passed = { passed: true, note: "" };
const allPassed = { completeness: passed, quality: passed, guidelines: passed, security: passed };
const ALL_MODULES: ProjectModuleName[] = ["LAUNCHER", "DOWNLOADS", "PROJECT_PAGES", "CREATOR_SUPPORT"];
const launcherSettings = (executable: string) => ({
  offerInstall: true,
  offerUpdate: true,
  offerRepair: true,
  offerGameStart: true,
  offerVersions: false,
  launchSettings: { executable },
});

const reviewer = async () => tokenFor((await createUser({ roles: ["TEAM_LEAD"] })).id);
const ifMatch = async (projectId: string) => {
  const { version } = await db.project.findUniqueOrThrow({ where: { id: projectId } });
  return { "if-match": `"v${version}"` };
};

/** A project with every reviewed area filled in: a page, a support link, launcher settings. */
async function projectWithContent(status: "DRAFT" | "IN_REVIEW" | "PUBLISHED" = "DRAFT") {
  const owner = await createPartner();
  const project = await createProjectFor(owner, { modules: ALL_MODULES, name: `Integrity ${unique()}` });
  await db.projectPage.create({ data: { projectId: project.id, slug: "about", title: "About", body: "The first text." } });
  await db.launcherSettings.create({ data: { projectId: project.id, ...launcherSettings("bin/game") } });
  await db.project.update({
    where: { id: project.id },
    data: {
      status,
      submittedAt: status === "DRAFT" ? null : new Date(),
      settings: { applicationPrompt: "Why?", supportLinks: [{ label: "", url: "https://ko-fi.com/integrity" }] },
    },
  });
  return { owner, project, token: await tokenFor(owner.id) };
}

/** A project in review, then approved through the API: its baseline is the approval. */
async function approvedProject() {
  const context = await projectWithContent("IN_REVIEW");
  const approved = await call(decision.POST, "POST", "/", {
    token: await reviewer(),
    params: { projectId: context.project.id },
    body: { decision: "APPROVE", checklist: allPassed },
  });
  expect(approved.status).toBe(200);
  return context;
}

type Edit = (projectId: string, token: string) => Promise<{ status: number; json: Record<string, unknown> | null }>;

/** Every team write to reviewed content other than releases and files (docs/review.md). */
const REVIEWED_WRITES: Record<string, Edit> = {
  "PUT /projects/{id}": async (id, token) =>
    call(one.PUT, "PUT", "/", { token, params: { id }, headers: await ifMatch(id), body: { name: "Renamed", game: "G", category: "C" } }),
  "PATCH /projects/{id}": async (id, token) =>
    call(one.PATCH, "PATCH", "/", { token, params: { id }, headers: await ifMatch(id), body: { description: "Changed while waiting" } }),
  "PUT /projects/{id}/images/{kind}": async (id, token) => {
    const response = await images.PUT(
      new Request("http://127.0.0.1/x", {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, ...(await ifMatch(id)), "content-type": "image/png" },
        body: PNG,
      }),
      { params: Promise.resolve({ id, kind: "logo" }) },
    );
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  },
  "PUT /projects/{id}/settings": async (id, token) =>
    call(settings.PUT, "PUT", "/", {
      token,
      params: { id },
      headers: await ifMatch(id),
      body: { visibility: "PRIVATE", settings: { applicationPrompt: "Tell us more", supportLinks: [] } },
    }),
  "PUT /projects/{id}/modules": async (id, token) =>
    call(modules.PUT, "PUT", "/", { token, params: { id }, headers: await ifMatch(id), body: { modules: ["LAUNCHER", "DOWNLOADS"] } }),
  "POST /projects/{id}/pages": async (id, token) =>
    call(pages.POST, "POST", "/", { token, params: { id }, body: { slug: "news", title: "News", body: "Text" } }),
  "PUT /projects/{id}/pages/{pageSlug}": async (id, token) =>
    call(pageBySlug.PUT, "PUT", "/", {
      token,
      params: { id, pageSlug: "about" },
      headers: { "if-match": '"v1"' },
      body: { slug: "about", title: "About us", body: "A new text." },
    }),
  "DELETE /projects/{id}/pages/{pageSlug}": async (id, token) =>
    call(pageBySlug.DELETE, "DELETE", "/", { token, params: { id, pageSlug: "about" }, headers: { "if-match": '"v1"' } }),
  "PUT /projects/{id}/launcher": async (id, token) =>
    call(launcher.PUT, "PUT", "/", { token, params: { id }, body: launcherSettings("bin/other") }),
};

describe("the lock during review", () => {
  it.each(Object.entries(REVIEWED_WRITES))("refuses %s on a project in review with 409 in_review, changing nothing", async (_, edit) => {
    const { project, token } = await projectWithContent("IN_REVIEW");
    const before = await takeSnapshot(db, await db.project.findUniqueOrThrow({ where: { id: project.id } }));
    const response = await edit(project.id, token);
    expect(response.status).toBe(409);
    expect(response.json).toMatchObject({ code: "in_review" });
    const after = await db.project.findUniqueOrThrow({ where: { id: project.id } });
    expect(await takeSnapshot(db, after)).toEqual(before);
    expect(await db.storedFile.count({ where: { projectId: project.id } })).toBe(0);
  });

  it.each(Object.entries(REVIEWED_WRITES))("lets %s through on a draft", async (_, edit) => {
    const { project, token } = await projectWithContent("DRAFT");
    expect((await edit(project.id, token)).status).toBeLessThan(300);
  });

  it("lets the team withdraw the submission and edit again", async () => {
    const { project, token } = await projectWithContent("IN_REVIEW");
    const withdrawn = await call(status.POST, "POST", "/", { token, params: { id: project.id }, body: { status: "DRAFT" } });
    expect(withdrawn.status).toBe(200);
    expect((await REVIEWED_WRITES["PATCH /projects/{id}"](project.id, token)).status).toBe(200);
  });

  it("serialises an edit racing a submission: the edit lands before the submission or gets 409", async () => {
    for (let round = 0; round < 3; round++) {
      const { project, token } = await projectWithContent("DRAFT");
      await db.project.update({
        where: { id: project.id },
        data: { description: "A description that is long enough for review.", logoUrl: "https://cdn.example/logo.png" },
      });
      const headers = await ifMatch(project.id);
      const [edit, submit] = await Promise.all([
        call(one.PATCH, "PATCH", "/", { token, params: { id: project.id }, headers, body: { game: `Raced ${round}` } }),
        call(status.POST, "POST", "/", { token, params: { id: project.id }, body: { status: "IN_REVIEW" } }),
      ]);
      expect(submit.status).toBe(200);
      const stored = await db.project.findUniqueOrThrow({ where: { id: project.id } });
      expect(stored.status).toBe("IN_REVIEW");
      if (edit.status === 200) {
        // The edit committed first: the submission (and the reviewer) see it.
        expect(stored.game).toBe(`Raced ${round}`);
        const transition = await db.statusTransition.findFirstOrThrow({ where: { projectId: project.id, to: "IN_REVIEW" } });
        const audit = await db.auditEntry.findFirstOrThrow({ where: { projectId: project.id, action: "project.update" } });
        expect(audit.createdAt.getTime()).toBeLessThanOrEqual(transition.createdAt.getTime());
      } else {
        // The submission came first: the edit was refused (locked, or its If-Match went stale with the status change).
        expect([409, 412]).toContain(edit.status);
        expect(stored.game).toBe("Test game");
      }
    }
  });
});

describe("pinned decisions", () => {
  it("records the version decided on, shows it in the history, and refuses a stale If-Match with 412", async () => {
    const { project, token } = await projectWithContent("IN_REVIEW");
    const staffToken = await reviewer();
    const { version } = await db.project.findUniqueOrThrow({ where: { id: project.id } });
    const rejectAt = (ifMatch: string) =>
      call(decision.POST, "POST", "/", {
        token: staffToken,
        params: { projectId: project.id },
        headers: { "if-match": ifMatch },
        body: { decision: "REJECT", checklist: allPassed, publicReason: "Not yet." },
      });
    expect((await rejectAt(`"v${version - 1}"`)).status).toBe(412);
    expect((await rejectAt("whatever")).status).toBe(412);
    const decided = await rejectAt(`"v${version}"`);
    expect(decided.status).toBe(200);
    expect(decided.json).toMatchObject({ version });
    expect((await db.review.findFirstOrThrow({ where: { projectId: project.id } })).version).toBe(version);
    const seen = await call(history.GET, "GET", "/", { token, params: { id: project.id } });
    expect((seen.json!.reviews as { version: number | null }[])[0].version).toBe(version);
  });

  it("decides without If-Match on the current version", async () => {
    const { project } = await approvedProject();
    const review = await db.review.findFirstOrThrow({ where: { projectId: project.id } });
    expect(review.version).toBeGreaterThan(0);
    const baseline = await db.reviewBaseline.findUniqueOrThrow({ where: { projectId: project.id } });
    expect(baseline).toMatchObject({ version: review.version, changedAt: null });
    expect(baseline.at.getTime()).toBe(review.createdAt.getTime());
  });
});

type Diff = { since: { at: string; version: number } | null; changes: { area: string; field: string; before: unknown; after: unknown }[] };
const diffOf = async (projectId: string, token: string) => {
  const response = await call(reviewDiff.GET, "GET", "/", { token, params: { id: projectId } });
  expect(response.status).toBe(200);
  return response.json as unknown as Diff;
};

describe("the change list and the review diff", () => {
  it("has no baseline before the first approval: since null, no changes", async () => {
    const { project, token } = await projectWithContent("DRAFT");
    await REVIEWED_WRITES["PATCH /projects/{id}"](project.id, token);
    expect(await diffOf(project.id, token)).toEqual({ since: null, changes: [] });
  });

  const AREA_EDITS: [string, Edit, { area: string; field: string; before: unknown; after: unknown }][] = [
    [
      "PRESENTATION",
      REVIEWED_WRITES["PATCH /projects/{id}"],
      { area: "PRESENTATION", field: "description", before: "", after: "Changed while waiting" },
    ],
    [
      "PRESENTATION (image)",
      REVIEWED_WRITES["PUT /projects/{id}/images/{kind}"],
      { area: "PRESENTATION", field: "logoUrl", before: null, after: expect.stringContaining("/images/logo") },
    ],
    [
      "PRESENTATION (visibility)",
      REVIEWED_WRITES["PUT /projects/{id}/settings"],
      { area: "PRESENTATION", field: "visibility", before: "PUBLIC", after: "PRIVATE" },
    ],
    [
      "SETTINGS",
      REVIEWED_WRITES["PUT /projects/{id}/settings"],
      { area: "SETTINGS", field: "applicationPrompt", before: "Why?", after: "Tell us more" },
    ],
    [
      "SUPPORT_LINKS",
      REVIEWED_WRITES["PUT /projects/{id}/settings"],
      { area: "SUPPORT_LINKS", field: "supportLinks", before: [{ label: "", url: "https://ko-fi.com/integrity" }], after: [] },
    ],
    [
      "MODULES",
      REVIEWED_WRITES["PUT /projects/{id}/modules"],
      {
        area: "MODULES",
        field: "modules",
        before: ["CREATOR_SUPPORT", "DOWNLOADS", "LAUNCHER", "PROJECT_PAGES"],
        after: ["DOWNLOADS", "LAUNCHER"],
      },
    ],
    [
      "PAGES (added)",
      REVIEWED_WRITES["POST /projects/{id}/pages"],
      { area: "PAGES", field: "news", before: null, after: { slug: "news", title: "News", body: "Text" } },
    ],
    [
      "PAGES (changed)",
      REVIEWED_WRITES["PUT /projects/{id}/pages/{pageSlug}"],
      {
        area: "PAGES",
        field: "about",
        before: { slug: "about", title: "About", body: "The first text." },
        after: { slug: "about", title: "About us", body: "A new text." },
      },
    ],
    [
      "PAGES (removed)",
      REVIEWED_WRITES["DELETE /projects/{id}/pages/{pageSlug}"],
      { area: "PAGES", field: "about", before: { slug: "about", title: "About", body: "The first text." }, after: null },
    ],
    [
      "LAUNCHER",
      REVIEWED_WRITES["PUT /projects/{id}/launcher"],
      {
        area: "LAUNCHER",
        field: "launchSettings",
        before: { executable: "bin/game" },
        after: expect.objectContaining({ executable: "bin/other" }),
      },
    ],
  ];

  it.each(AREA_EDITS)(
    "puts a published project on the change list on a change of %s and shows it with before and after",
    async (_, edit, expected) => {
      const { project, token } = await approvedProject();
      const staffToken = await reviewer();
      expect(await diffOf(project.id, token)).toMatchObject({ since: { version: expect.any(Number) }, changes: [] });
      const changeQueue = async () =>
        (
          (await call(queue.GET, "GET", "/api/v1/reviews?kind=CHANGE&limit=100", { token: staffToken })).json!.data as {
            projectId: string;
          }[]
        ).map((entry) => entry.projectId);
      expect(await changeQueue()).not.toContain(project.id);
      const response = await edit(project.id, token);
      expect(response.status).toBeLessThan(300);
      const diff = await diffOf(project.id, token);
      expect(diff.changes).toContainEqual(expected);
      expect(await changeQueue()).toContain(project.id);
      expect((await db.reviewBaseline.findUniqueOrThrow({ where: { projectId: project.id } })).changedAt).not.toBeNull();
    },
  );

  it("shows published releases and their files in the RELEASES area", async () => {
    const { project, token } = await approvedProject();
    const release = await db.release.create({
      data: { projectId: project.id, version: "1.0.0", title: "First", changelog: "Hello", state: "PUBLISHED", publishedAt: new Date() },
    });
    await db.download.create({
      data: {
        projectId: project.id,
        releaseId: release.id,
        kind: "OTHER",
        fileName: "game.zip",
        contentType: "application/zip",
        size: 42,
        sha256: "a".repeat(64),
        storageKey: unique("key-"),
      },
    });
    const diff = await diffOf(project.id, token);
    expect(diff.changes).toContainEqual({
      area: "RELEASES",
      field: "1.0.0",
      before: null,
      after: {
        version: "1.0.0",
        channel: "STABLE",
        state: "PUBLISHED",
        title: "First",
        changelog: "Hello",
        files: [{ name: "game.zip", sha256: "a".repeat(64), size: 42 }],
      },
    });
  });

  it("takes the baseline of a project approved before baselines existed from its content before the first change", async () => {
    const { project, token } = await projectWithContent("PUBLISHED");
    const approvedAt = new Date(Date.now() - 86_400_000);
    await db.review.create({
      data: {
        projectId: project.id,
        reviewerId: (await createUser()).id,
        decision: "APPROVE",
        checklist: allPassed,
        createdAt: approvedAt,
      },
    });
    expect(await diffOf(project.id, token)).toEqual({ since: null, changes: [] });
    await REVIEWED_WRITES["PATCH /projects/{id}"](project.id, token);
    const diff = await diffOf(project.id, token);
    expect(diff.since!.at).toBe(approvedAt.toISOString());
    expect(diff.changes).toEqual([{ area: "PRESENTATION", field: "description", before: "", after: "Changed while waiting" }]);
  });

  it("reads old flat snapshots without the new areas", async () => {
    const { project, token } = await approvedProject();
    const flat = {
      name: project.name,
      description: "",
      game: "Old game",
      category: "Test",
      visibility: "PUBLIC",
      logoUrl: null,
      bannerUrl: null,
      websiteUrl: null,
      chatUrl: null,
      trailerUrl: null,
      modules: [],
      launcher: null,
    };
    await db.reviewBaseline.update({ where: { projectId: project.id }, data: { snapshot: flat } });
    const diff = await diffOf(project.id, token);
    expect(diff.changes.map((change) => change.area).sort()).toEqual([
      "LAUNCHER",
      "LAUNCHER",
      "LAUNCHER",
      "LAUNCHER",
      "LAUNCHER",
      "LAUNCHER",
      "MODULES",
      "PRESENTATION",
    ]);
    await db.reviewBaseline.update({ where: { projectId: project.id }, data: { snapshot: { something: "else" } } });
    expect(await diffOf(project.id, token)).toEqual({ since: null, changes: [] });
  });

  it("is for the team (plain Members too) and staff who read any project; 404 for others", async () => {
    const { project } = await approvedProject();
    const member = await createUser();
    await addMemberWith(project.id, member.id, "MEMBER");
    expect((await call(reviewDiff.GET, "GET", "/", { token: await tokenFor(member.id), params: { id: project.id } })).status).toBe(200);
    const support = await tokenFor((await createUser({ roles: ["SUPPORT"] })).id);
    expect((await call(reviewDiff.GET, "GET", "/", { token: support, params: { id: project.id } })).status).toBe(200);
    const otherPartner = await createPartner();
    await createProjectFor(otherPartner);
    expect((await call(reviewDiff.GET, "GET", "/", { token: await tokenFor(otherPartner.id), params: { id: project.id } })).status).toBe(
      404,
    );
    expect((await call(reviewDiff.GET, "GET", "/", { params: { id: project.id } })).status).toBe(404);
  });

  it("lets a suspended partner's team still read the diff while their edits are refused", async () => {
    const { owner, project, token } = await approvedProject();
    await db.user.update({ where: { id: owner.id }, data: { partnerStatus: "SUSPENDED" } });
    expect((await REVIEWED_WRITES["PATCH /projects/{id}"](project.id, token)).status).toBe(403);
    expect((await diffOf(project.id, token)).changes).toEqual([]);
    expect((await db.reviewBaseline.findUniqueOrThrow({ where: { projectId: project.id } })).changedAt).toBeNull();
  });
});

describe("acknowledging changes", () => {
  async function changedProject() {
    const context = await approvedProject();
    await REVIEWED_WRITES["PATCH /projects/{id}"](context.project.id, context.token);
    return context;
  }

  it("sets a new baseline, records the acknowledgement and its audit entry, and takes the project off the change list", async () => {
    const { project, token } = await changedProject();
    const reviewerUser = await createUser({ roles: ["TEAM_LEAD"] });
    const staffToken = await tokenFor(reviewerUser.id);
    const stale = await call(acknowledge.POST, "POST", "/", {
      token: staffToken,
      params: { projectId: project.id },
      headers: { "if-match": '"v1"' },
      body: {},
    });
    expect(stale.status).toBe(412);
    const { version } = await db.project.findUniqueOrThrow({ where: { id: project.id } });
    const acknowledged = await call(acknowledge.POST, "POST", "/", {
      token: staffToken,
      params: { projectId: project.id },
      headers: await ifMatch(project.id),
      body: { internalNote: "Fine." },
    });
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.json).toMatchObject({ since: { version }, changes: [] });
    expect(await diffOf(project.id, token)).toMatchObject({ since: { version }, changes: [] });
    expect(await db.changeAcknowledgement.findFirstOrThrow({ where: { projectId: project.id } })).toMatchObject({
      reviewerId: reviewerUser.id,
      version,
      internalNote: "Fine.",
    });
    expect(await db.auditEntry.count({ where: { projectId: project.id, action: "review.acknowledge" } })).toBe(1);
    const changes = (await call(queue.GET, "GET", "/api/v1/reviews?kind=CHANGE&limit=100", { token: staffToken })).json!.data as {
      projectId: string;
    }[];
    expect(changes.map((entry) => entry.projectId)).not.toContain(project.id);
    const again = await call(acknowledge.POST, "POST", "/", { token: staffToken, params: { projectId: project.id }, body: {} });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: "not_changed" });
    // The next change puts it back on the list, compared with the acknowledged content.
    await call(one.PATCH, "PATCH", "/", {
      token,
      params: { id: project.id },
      headers: await ifMatch(project.id),
      body: { game: "Another" },
    });
    expect((await diffOf(project.id, token)).changes).toEqual([
      { area: "PRESENTATION", field: "game", before: "Test game", after: "Another" },
    ]);
  });

  it("counts one of two acknowledgements at once", async () => {
    const { project } = await changedProject();
    const [a, b] = await Promise.all([
      call(acknowledge.POST, "POST", "/", { token: await reviewer(), params: { projectId: project.id }, body: {} }),
      call(acknowledge.POST, "POST", "/", { token: await reviewer(), params: { projectId: project.id }, body: {} }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await db.changeAcknowledgement.count({ where: { projectId: project.id } })).toBe(1);
  });

  it("is for reviewers not on the team, with the admin scope", async () => {
    const { project, token } = await changedProject();
    const body = { params: { projectId: project.id }, body: {} };
    expect((await call(acknowledge.POST, "POST", "/", { token, ...body })).status).toBe(403);
    const teamReviewer = await createUser({ roles: ["TEAM_LEAD"] });
    await addMemberWith(project.id, teamReviewer.id, "MEMBER");
    const own = await call(acknowledge.POST, "POST", "/", { token: await tokenFor(teamReviewer.id), ...body });
    expect(own.status).toBe(403);
    expect(own.json).toMatchObject({ code: "own_project" });
    const noAdmin = await tokenFor((await createUser({ roles: ["TEAM_LEAD"] })).id, ["read", "write"]);
    expect((await call(acknowledge.POST, "POST", "/", { token: noAdmin, ...body })).status).toBe(403);
    expect((await call(queue.GET, "GET", "/api/v1/reviews", { token: noAdmin })).status).toBe(403);
    expect((await db.reviewBaseline.findUniqueOrThrow({ where: { projectId: project.id } })).changedAt).not.toBeNull();
  });
});

describe("the queue by kind, page by page", () => {
  type Entry = { kind: string; position: number; projectId: string; releaseId?: string; version?: string; submittedAt: string };
  const page = async (token: string, query: string) => {
    const response = await call(queue.GET, "GET", `/api/v1/reviews?${query}`, { token });
    expect(response.status).toBe(200);
    return response.json as { data: Entry[]; nextCursor: string | null };
  };

  /** Every entry of a kind, following the cursors, `limit` at a time. */
  async function walk(token: string, kind: string, limit: number) {
    const entries: Entry[] = [];
    let cursor: string | null = null;
    do {
      const next: { data: Entry[]; nextCursor: string | null } = await page(
        token,
        `kind=${kind}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`,
      );
      entries.push(...next.data);
      cursor = next.nextCursor;
    } while (cursor);
    return entries;
  }

  it("counts positions from the head of the kind's queue across pages", async () => {
    const token = await reviewer();
    const mine: string[] = [];
    for (let index = 0; index < 3; index++) {
      const { project } = await projectWithContent("IN_REVIEW");
      await db.project.update({ where: { id: project.id }, data: { submittedAt: new Date(Date.UTC(2001, 0, 1, 0, 0, index)) } });
      mine.push(project.id);
    }
    const entries = await walk(token, "PROJECT", 2);
    expect(entries.map((entry) => entry.position)).toEqual(entries.map((_, index) => index + 1));
    expect(entries.slice(0, 3).map((entry) => entry.projectId)).toEqual(mine);
    expect(entries.every((entry) => entry.kind === "PROJECT")).toBe(true);
    const second = await page(token, `kind=PROJECT&limit=2&cursor=${(await page(token, "kind=PROJECT&limit=2")).nextCursor}`);
    expect(second.data[0].position).toBe(3);
  });

  it("lists releases in review by submission, with the release and its version", async () => {
    const token = await reviewer();
    const { project } = await approvedProject();
    const releases = [];
    for (let index = 0; index < 3; index++) {
      releases.push(
        await db.release.create({
          data: {
            projectId: project.id,
            version: `0.${index}.0`,
            title: "R",
            state: "IN_REVIEW",
            submittedAt: new Date(Date.UTC(2001, 0, 1, 0, 0, index)),
          },
        }),
      );
    }
    const entries = await walk(token, "RELEASE", 2);
    expect(entries.map((entry) => entry.position)).toEqual(entries.map((_, index) => index + 1));
    expect(entries.slice(0, 3)).toMatchObject(
      releases.map((release) => ({ kind: "RELEASE", projectId: project.id, releaseId: release.id, version: release.version })),
    );
    const projects = await walk(token, "PROJECT", 100);
    expect(projects.map((entry) => entry.projectId)).not.toContain(project.id);
  });

  it("lists changed projects by their first change", async () => {
    const token = await reviewer();
    const first = await approvedProject();
    const second = await approvedProject();
    await REVIEWED_WRITES["PATCH /projects/{id}"](second.project.id, second.token);
    await REVIEWED_WRITES["PATCH /projects/{id}"](first.project.id, first.token);
    const entries = await walk(token, "CHANGE", 1);
    const ids = entries.map((entry) => entry.projectId);
    expect(ids.indexOf(second.project.id)).toBeLessThan(ids.indexOf(first.project.id));
    expect(entries.map((entry) => entry.position)).toEqual(entries.map((_, index) => index + 1));
  });

  it("refuses an unknown kind and a bad cursor with 400", async () => {
    const token = await reviewer();
    expect((await call(queue.GET, "GET", "/api/v1/reviews?kind=OTHER", { token })).status).toBe(400);
    expect((await call(queue.GET, "GET", "/api/v1/reviews?cursor=nonsense", { token })).status).toBe(400);
    expect((await call(queue.GET, "GET", "/api/v1/reviews?limit=1000", { token })).status).toBe(400);
  });
});
