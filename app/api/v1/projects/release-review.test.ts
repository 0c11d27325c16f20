/**
 * Release review and trust (DESIGN §8.2, issue 25): an untrusted project's release goes through
 * submit and a reviewer's decision (review_required on direct publishing), the files of a release
 * in review or published are frozen (release_locked), a release in review and files without a
 * release are seen only by the team that may see drafts and by reviewers, a project in review
 * locks its releases and files (in_review), two decisions at once count once, and trust (PUT
 * /projects/{id}/trust) is staff's, audited and reversible, and lets a team publish directly.
 */
import { describe, expect, it } from "vitest";
import * as fileDownloadRoute from "@/app/api/v1/projects/[id]/files/[fileId]/download/route";
import * as fileRoute from "@/app/api/v1/projects/[id]/files/[fileId]/route";
import * as filesRoute from "@/app/api/v1/projects/[id]/files/route";
import * as releaseRoute from "@/app/api/v1/projects/[id]/releases/[releaseId]/route";
import * as submitRoute from "@/app/api/v1/projects/[id]/releases/[releaseId]/submit/route";
import * as releasesRoute from "@/app/api/v1/projects/[id]/releases/route";
import * as projectRoute from "@/app/api/v1/projects/[id]/route";
import * as statusRoute from "@/app/api/v1/projects/[id]/status/route";
import * as trustRoute from "@/app/api/v1/projects/[id]/trust/route";
import * as decisionRoute from "@/app/api/v1/reviews/releases/[releaseId]/decision/route";
import { db } from "@/lib/db/client";
import { addMemberWith, createPartner, createProjectFor, createUser, tokenFor } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";

const PASSED = { quality: { passed: true, note: "" }, security: { passed: true, note: "Scanned" } };
const APPROVE = { decision: "APPROVE", checklist: PASSED };
const REJECT = {
  decision: "REJECT",
  checklist: { quality: { passed: false, note: "Crashes on start" }, security: PASSED.security },
  publicReason: "The game crashes on start.",
  internalNote: "Tried on two machines.",
};

/** A published, untrusted project with DOWNLOADS, its Owner, a Developer, a Member, a reviewer (Team lead) and support staff. */
async function reviewedProject() {
  const owner = await createPartner();
  const project = await createProjectFor(owner, { status: "PUBLISHED", visibility: "PUBLIC", modules: ["DOWNLOADS"] });
  const developer = await createUser();
  const member = await createUser();
  await addMemberWith(project.id, developer.id, "DEVELOPER");
  await addMemberWith(project.id, member.id, "MEMBER");
  const reviewer = await createUser({ roles: ["TEAM_LEAD"] });
  const support = await createUser({ roles: ["SUPPORT"] });
  return {
    owner,
    project,
    reviewer,
    tokens: {
      owner: await tokenFor(owner.id),
      developer: await tokenFor(developer.id),
      member: await tokenFor(member.id),
      outsider: await tokenFor((await createUser()).id),
      reviewer: await tokenFor(reviewer.id),
      reviewerNoAdmin: await tokenFor(reviewer.id, ["read", "write"]),
      support: await tokenFor(support.id),
    },
  };
}

const createRelease = (token: string, projectId: string, version = "1.0.0") =>
  call(releasesRoute.POST, "POST", "/", { token, params: { id: projectId }, body: { version, title: `Version ${version}` } });
const getRelease = (token: string | undefined, projectId: string, releaseId: string) =>
  call(releaseRoute.GET, "GET", "/", { token, params: { id: projectId, releaseId } });
const patchRelease = (token: string, projectId: string, releaseId: string, body: unknown, etag: string) =>
  call(releaseRoute.PATCH, "PATCH", "/", { token, params: { id: projectId, releaseId }, body, headers: { "if-match": etag } });
const submit = (token: string, projectId: string, releaseId: string, headers: Record<string, string> = {}) =>
  call(submitRoute.POST, "POST", "/", { token, params: { id: projectId, releaseId }, headers });
const decide = (token: string, releaseId: string, body: unknown, headers: Record<string, string> = {}) =>
  call(decisionRoute.POST, "POST", "/", { token, params: { releaseId }, body, headers });
const upload = (token: string, projectId: string, name: string, releaseId?: string) =>
  call(filesRoute.POST, "POST", `/?name=${name}&kind=SOFTWARE${releaseId ? `&releaseId=${releaseId}` : ""}`, {
    token,
    params: { id: projectId },
    rawBody: `bytes of ${name}`,
    headers: { "content-type": "application/octet-stream" },
  });
const download = (token: string | undefined, projectId: string, fileId: string) =>
  call(fileDownloadRoute.GET, "GET", "/", { token, params: { id: projectId, fileId } });
const deleteFile = (token: string, projectId: string, fileId: string) =>
  call(fileRoute.DELETE, "DELETE", "/", { token, params: { id: projectId, fileId } });
const setTrust = (token: string, projectId: string, body: unknown, headers: Record<string, string> = {}) =>
  call(trustRoute.PUT, "PUT", "/", { token, params: { id: projectId }, body, headers });

/** A draft with one file, as the Owner made it. */
async function draftWithFile(context: Awaited<ReturnType<typeof reviewedProject>>, version = "1.0.0") {
  const release = await createRelease(context.tokens.owner, context.project.id, version);
  expect(release.status).toBe(201);
  const file = await upload(context.tokens.owner, context.project.id, `game-${version}.zip`, release.json!.id as string);
  expect(file.status).toBe(201);
  return { releaseId: release.json!.id as string, fileId: file.json!.id as string };
}

describe("release review", () => {
  it("takes a release of an untrusted project from draft through submit, rejection, back to draft and approval to the public", async () => {
    const context = await reviewedProject();
    const { project, tokens } = context;
    const { releaseId, fileId } = await draftWithFile(context);

    const direct = await patchRelease(tokens.owner, project.id, releaseId, { state: "PUBLISHED" }, '"v1"');
    expect(direct.status).toBe(409);
    expect(direct.json!.code).toBe("review_required");

    expect((await submit(tokens.owner, project.id, releaseId, { "if-match": '"v9"' })).status).toBe(412);
    const submitted = await submit(tokens.owner, project.id, releaseId);
    expect(submitted.status).toBe(200);
    expect(submitted.json).toMatchObject({ state: "IN_REVIEW", revision: 2, review: null });
    expect(submitted.json!.submittedAt).toEqual(expect.any(String));
    expect(submitted.headers.get("etag")).toBe('"v2"');
    expect((await submit(tokens.owner, project.id, releaseId)).json!.code).toBe("invalid_transition");
    const told = await db.notification.findMany({ where: { userId: context.reviewer.id, kind: "release.submitted" } });
    expect(told.map((row) => row.link)).toEqual([`/review/releases/${releaseId}`]);

    // Frozen while in review: files, fields, deletion; only the withdrawal to DRAFT would pass.
    expect((await upload(tokens.owner, project.id, "extra.zip", releaseId)).json!.code).toBe("release_locked");
    expect((await deleteFile(tokens.owner, project.id, fileId)).json!.code).toBe("release_locked");
    expect((await patchRelease(tokens.owner, project.id, releaseId, { title: "Other" }, '"v2"')).json!.code).toBe("release_locked");
    const deleted = await call(releaseRoute.DELETE, "DELETE", "/", {
      token: tokens.owner,
      params: { id: project.id, releaseId },
      headers: { "if-match": '"v2"' },
    });
    expect(deleted.json!.code).toBe("release_locked");

    // Rejection: a public reason is required; approval needs every check.
    expect((await decide(tokens.reviewer, releaseId, { ...REJECT, publicReason: undefined })).status).toBe(400);
    const failed = await decide(tokens.reviewer, releaseId, { ...APPROVE, checklist: REJECT.checklist });
    expect(failed.status).toBe(422);
    expect(failed.json!.code).toBe("checklist_failed");
    const rejected = await decide(tokens.reviewer, releaseId, REJECT);
    expect(rejected.status).toBe(200);
    expect(rejected.json).toMatchObject({ state: "REJECTED", publishedAt: null });

    const seen = await getRelease(tokens.owner, project.id, releaseId);
    expect(seen.json!.review).toEqual({ decision: "REJECT", publicReason: REJECT.publicReason, at: expect.any(String) });
    expect(JSON.stringify(seen.json)).not.toContain(REJECT.internalNote);
    const ownerNotes = await db.notification.findMany({ where: { userId: context.owner.id, kind: "release.rejected" } });
    expect(ownerNotes).toHaveLength(1);
    expect(ownerNotes[0].params).toMatchObject({ version: "1.0.0", reason: REJECT.publicReason });
    const mails = await db.outboxMail.findMany({ where: { to: context.owner.email } });
    expect(mails.map((mail) => mail.subject)).toContain(`${project.name} 1.0.0 needs changes`);
    const audit = await db.auditEntry.findMany({ where: { targetId: releaseId }, orderBy: { createdAt: "asc" } });
    expect(audit.map((entry) => entry.action)).toEqual(["release.create", "release.submit", "release.reject"]);

    // Back to draft, a change, a new submission, and approval with the version read.
    const back = await patchRelease(tokens.owner, project.id, releaseId, { state: "DRAFT" }, '"v3"');
    expect(back.status).toBe(200);
    expect(back.json!.state).toBe("DRAFT");
    expect((await submit(tokens.owner, project.id, releaseId, { "if-match": '"v4"' })).status).toBe(200);
    expect((await decide(tokens.reviewer, releaseId, APPROVE, { "if-match": '"v4"' })).status).toBe(412);
    const approved = await decide(tokens.reviewer, releaseId, APPROVE, { "if-match": '"v5"' });
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({ state: "PUBLISHED" });
    expect(approved.json!.publishedAt).toEqual(expect.any(String));
    const decisions = await db.releaseReview.findMany({ where: { releaseId }, orderBy: { createdAt: "asc" } });
    expect(decisions.map((row) => [row.decision, row.version])).toEqual([
      ["REJECT", 2],
      ["APPROVE", 5],
    ]);
    expect((await db.notification.findMany({ where: { userId: context.owner.id, kind: "release.approved" } })).length).toBe(1);

    // Public now, and frozen: no file added or removed.
    expect((await download(undefined, project.id, fileId)).status).toBe(200);
    expect((await getRelease(undefined, project.id, releaseId)).json!.review).toBeNull();
    expect((await upload(tokens.owner, project.id, "extra.zip", releaseId)).json!.code).toBe("release_locked");
    expect((await deleteFile(tokens.owner, project.id, fileId)).json!.code).toBe("release_locked");
  });

  it("needs a file to submit, lets the team withdraw a release in review, and keeps a suspended partner's Owner out", async () => {
    const context = await reviewedProject();
    const { project, tokens } = context;
    const empty = await createRelease(tokens.owner, project.id, "0.1.0");
    const incomplete = await submit(tokens.owner, project.id, empty.json!.id as string);
    expect(incomplete.status).toBe(422);
    expect(incomplete.json!.code).toBe("incomplete");

    const { releaseId } = await draftWithFile(context);
    expect((await submit(tokens.member, project.id, releaseId)).status).toBe(404);
    const suspended = await createUser({ roles: ["USER", "PARTNER"], partnerStatus: "SUSPENDED" });
    await addMemberWith(project.id, suspended.id, "OWNER");
    // A suspended partner's Owner keeps Member permissions: the draft is not theirs to see.
    expect((await submit(await tokenFor(suspended.id), project.id, releaseId)).status).toBe(404);

    expect((await submit(tokens.developer, project.id, releaseId)).status).toBe(200);
    const withdrawn = await patchRelease(tokens.developer, project.id, releaseId, { state: "DRAFT" }, '"v2"');
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.json!.state).toBe("DRAFT");
    // A draft again, it is the team's alone: not found for the reviewer.
    expect((await decide(tokens.reviewer, releaseId, APPROVE)).status).toBe(404);
    const audit = await db.auditEntry.findMany({ where: { targetId: releaseId }, orderBy: { createdAt: "asc" } });
    expect(audit.map((entry) => entry.action)).toContain("release.withdraw");
  });

  it("counts one of two decisions at once; the other is 409 already_decided", async () => {
    const context = await reviewedProject();
    const { releaseId } = await draftWithFile(context);
    expect((await submit(context.tokens.owner, context.project.id, releaseId)).status).toBe(200);
    const second = await tokenFor((await createUser({ roles: ["TEAM_LEAD"] })).id);
    const answers = await Promise.all([decide(context.tokens.reviewer, releaseId, APPROVE), decide(second, releaseId, REJECT)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.json!.code).toBe("already_decided");
    expect(await db.releaseReview.count({ where: { releaseId } })).toBe(1);
  });

  it("answers 403 to non-reviewers and reviewers on the team, 404 for an unknown release or an invisible project", async () => {
    const context = await reviewedProject();
    const { project, tokens } = context;
    const { releaseId } = await draftWithFile(context);
    await submit(tokens.owner, project.id, releaseId);
    expect((await decide(tokens.support, releaseId, APPROVE)).status).toBe(403);
    expect((await decide(tokens.owner, releaseId, APPROVE)).status).toBe(403);
    expect((await decide(tokens.reviewerNoAdmin, releaseId, APPROVE)).status).toBe(403);
    expect((await decide(tokens.reviewer, "no-such-release", APPROVE)).status).toBe(404);
    await db.project.update({ where: { id: project.id }, data: { modules: [] } });
    expect((await decide(tokens.reviewer, releaseId, APPROVE)).status).toBe(404);
    await db.project.update({ where: { id: project.id }, data: { modules: ["DOWNLOADS"] } });
    await addMemberWith(project.id, context.reviewer.id, "MEMBER");
    const own = await decide(tokens.reviewer, releaseId, APPROVE);
    expect(own.status).toBe(403);
    expect(own.json!.code).toBe("own_project");
  });
});

/** The callers whose view of a release's files is checked: anonymous, and each token of the project but the Owner's. */
function everyoneButTheOwner(tokens: Awaited<ReturnType<typeof reviewedProject>>["tokens"]) {
  const { owner: _owner, ...others } = tokens;
  return { anonymous: undefined, ...others };
}

describe("who downloads what before review (DESIGN §8.2)", () => {
  it("serves a release in review to the team that sees drafts and to reviewers, 404 to everyone else", async () => {
    const context = await reviewedProject();
    const { project, tokens } = context;
    const { releaseId, fileId } = await draftWithFile(context);
    await submit(tokens.owner, project.id, releaseId);
    const got: Record<string, number[]> = {};
    for (const [who, token] of Object.entries(everyoneButTheOwner(tokens))) {
      got[who] = [(await download(token, project.id, fileId)).status, (await getRelease(token, project.id, releaseId)).status];
    }
    expect(got).toEqual({
      anonymous: [404, 404],
      outsider: [404, 404],
      member: [404, 404],
      developer: [200, 200],
      reviewer: [200, 200],
      support: [404, 404],
      reviewerNoAdmin: [404, 404],
    });
  });

  it("shows files without a release of an untrusted project to those who manage downloads or releases and to reviewers; of a trusted one to everyone", async () => {
    const context = await reviewedProject();
    const { project, tokens } = context;
    const loose = await upload(tokens.owner, project.id, "tool.exe");
    expect(loose.status).toBe(201);
    const fileId = loose.json!.id as string;
    const listed = async (token: string | undefined) =>
      ((await call(filesRoute.GET, "GET", "/", { token, params: { id: project.id } })).json!.data as { id: string }[]).some(
        (file) => file.id === fileId,
      );
    const got: Record<string, [number, boolean]> = {};
    for (const [who, token] of Object.entries(everyoneButTheOwner(tokens))) {
      got[who] = [(await download(token, project.id, fileId)).status, await listed(token)];
    }
    expect(got).toEqual({
      anonymous: [404, false],
      outsider: [404, false],
      member: [404, false],
      developer: [200, true],
      reviewer: [200, true],
      support: [404, false],
      reviewerNoAdmin: [404, false],
    });
    await db.project.update({ where: { id: project.id }, data: { trusted: true } });
    expect((await download(undefined, project.id, fileId)).status).toBe(200);
    expect(await listed(undefined)).toBe(true);
  });
});

describe("a project in review locks its releases and files", () => {
  it("answers 409 in_review to every write, and to a release submit racing the project's submission", async () => {
    const context = await reviewedProject();
    const { project, tokens } = context;
    const { releaseId, fileId } = await draftWithFile(context);
    await db.project.update({ where: { id: project.id }, data: { status: "IN_REVIEW", submittedAt: new Date() } });
    const writes = [
      await createRelease(tokens.owner, project.id, "2.0.0"),
      await patchRelease(tokens.owner, project.id, releaseId, { title: "New" }, '"v1"'),
      await submit(tokens.owner, project.id, releaseId),
      await upload(tokens.owner, project.id, "more.zip", releaseId),
      await upload(tokens.owner, project.id, "loose.zip"),
      await deleteFile(tokens.owner, project.id, fileId),
      await call(releaseRoute.DELETE, "DELETE", "/", {
        token: tokens.owner,
        params: { id: project.id, releaseId },
        headers: { "if-match": '"v1"' },
      }),
    ];
    expect(writes.map((answer) => [answer.status, answer.json!.code])).toEqual(writes.map(() => [409, "in_review"]));

    // A submission of the project (DRAFT -> IN_REVIEW) and a release submit at once: the release
    // either went first, or it meets the lock.
    await db.project.update({
      where: { id: project.id },
      data: {
        status: "DRAFT",
        description: "A complete description of this project, long enough.",
        logoUrl: "https://cdn.example.org/l.png",
      },
    });
    const [projectSubmit, releaseSubmit] = await Promise.all([
      call(statusRoute.POST, "POST", "/", { token: tokens.owner, params: { id: project.id }, body: { status: "IN_REVIEW" } }),
      submit(tokens.owner, project.id, releaseId),
    ]);
    expect(projectSubmit.status).toBe(200);
    if (releaseSubmit.status !== 200) expect([releaseSubmit.status, releaseSubmit.json!.code]).toEqual([409, "in_review"]);
  });
});

describe("PUT /projects/{id}/trust", () => {
  it("is for reviewers only, audited with before, after and reason, reversible, and lets the team publish directly", async () => {
    const context = await reviewedProject();
    const { project, tokens } = context;
    const body = { trusted: true, reason: "Long-standing studio" };
    expect((await setTrust(tokens.owner, project.id, body)).status).toBe(403);
    expect((await setTrust(tokens.support, project.id, body)).status).toBe(403);
    expect((await setTrust(tokens.reviewerNoAdmin, project.id, body)).status).toBe(403);
    expect((await setTrust(tokens.reviewer, project.id, { trusted: true, reason: " " })).status).toBe(400);
    expect((await setTrust(tokens.reviewer, project.id, { trusted: true })).status).toBe(400);
    expect((await setTrust(tokens.reviewer, "no-such-project", body)).status).toBe(404);

    const read = await call(projectRoute.GET, "GET", "/", { params: { id: project.id } });
    expect(read.json!.trusted).toBe(false);
    const etag = read.headers.get("etag")!;
    const trusted = await setTrust(tokens.reviewer, project.id, body, { "if-match": etag });
    expect(trusted.status).toBe(200);
    expect(trusted.json!.trusted).toBe(true);
    expect((await setTrust(tokens.reviewer, project.id, body, { "if-match": etag })).status).toBe(412);
    const entry = await db.auditEntry.findFirstOrThrow({ where: { projectId: project.id, action: "project.trust" } });
    expect(entry.changes).toEqual({
      trusted: { before: false, after: true },
      reason: { before: null, after: "Long-standing studio" },
    });

    // Trusted: the team publishes directly, and the release lands on the change list.
    const { releaseId } = await draftWithFile(context);
    const published = await patchRelease(tokens.owner, project.id, releaseId, { state: "PUBLISHED" }, '"v1"');
    expect(published.status).toBe(200);
    const baseline = await db.reviewBaseline.findUniqueOrThrow({ where: { projectId: project.id } });
    expect(baseline.changedAt).not.toBeNull();
    // The first baseline is the project before this write: the release is a change since, not part of it.
    expect((baseline.snapshot as { releases: unknown[] }).releases).toEqual([]);
    // A trusted project may add files to a published release, never remove them.
    const added = await upload(tokens.owner, project.id, "patch.zip", releaseId);
    expect(added.status).toBe(201);
    expect((await deleteFile(tokens.owner, project.id, added.json!.id as string)).json!.code).toBe("release_locked");

    const lifted = await setTrust(tokens.reviewer, project.id, { trusted: false, reason: "Shipped an unreviewed installer" });
    expect(lifted.json!.trusted).toBe(false);
    const { releaseId: next } = await draftWithFile(context, "1.1.0");
    expect((await patchRelease(tokens.owner, project.id, next, { state: "PUBLISHED" }, '"v1"')).json!.code).toBe("review_required");
    const entries = await db.auditEntry.count({ where: { projectId: project.id, action: "project.trust" } });
    expect(entries).toBe(2);
  });
});
