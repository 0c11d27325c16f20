import { describe, expect, it } from "vitest";
import * as history from "@/app/api/v1/projects/[id]/history/route";
import * as collection from "@/app/api/v1/projects/route";
import * as claim from "@/app/api/v1/reviews/[projectId]/claim/route";
import * as decision from "@/app/api/v1/reviews/[projectId]/decision/route";
import * as queue from "@/app/api/v1/reviews/route";
import * as notifications from "@/app/api/v1/users/me/notifications/route";
import * as read from "@/app/api/v1/users/me/notifications/read/route";
import { db } from "@/lib/db/client";
import { getReviewRecord } from "@/lib/reviews/service";
import { actorOf, addMemberWith, createPartner, createProjectFor, createUser, tokenFor, unique } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";

const passed = { passed: true, note: "" };
const allPassed = { completeness: passed, quality: passed, guidelines: passed, security: passed };

async function waitingProject() {
  const owner = await createPartner();
  const project = await createProjectFor(owner, { status: "IN_REVIEW", visibility: "PUBLIC", name: `Waiting ${unique()}` });
  await db.project.update({ where: { id: project.id }, data: { submittedAt: new Date() } });
  return { owner, project, ownerToken: await tokenFor(owner.id) };
}

const reviewer = async () => tokenFor((await createUser({ roles: ["TEAM_LEAD"] })).id);

describe("the review queue", () => {
  it("shows projects in review to reviewers only, oldest first, with position and waiting time", async () => {
    const first = await waitingProject();
    const second = await waitingProject();
    await db.project.update({ where: { id: first.project.id }, data: { submittedAt: new Date(Date.now() - 3_600_000) } });
    const response = await call(queue.GET, "GET", "/", { token: await reviewer() });
    const entries = response.json!.data as { projectId: string; position: number; waitingSeconds: number }[];
    const a = entries.find((entry) => entry.projectId === first.project.id)!;
    const b = entries.find((entry) => entry.projectId === second.project.id)!;
    expect(a.position).toBeLessThan(b.position);
    expect(a.waitingSeconds).toBeGreaterThanOrEqual(3600);
    expect((await call(queue.GET, "GET", "/", { token: await tokenFor((await createUser({ roles: ["SUPPORT"] })).id) })).status).toBe(403);
    expect((await call(queue.GET, "GET", "/", { token: first.ownerToken })).status).toBe(403);
  });

  it("lets one reviewer hold a claim; a second gets 409 and cannot decide", async () => {
    const { project } = await waitingProject();
    const [alice, bob] = [await reviewer(), await reviewer()];
    expect((await call(claim.POST, "POST", "/", { token: alice, params: { projectId: project.id } })).status).toBe(200);
    expect((await call(claim.POST, "POST", "/", { token: bob, params: { projectId: project.id } })).status).toBe(409);
    const blocked = await call(decision.POST, "POST", "/", {
      token: bob,
      params: { projectId: project.id },
      body: { decision: "APPROVE", checklist: allPassed },
    });
    expect(blocked.status).toBe(409);
    expect((await call(claim.DELETE, "DELETE", "/", { token: alice, params: { projectId: project.id } })).status).toBe(204);
    expect((await call(claim.POST, "POST", "/", { token: bob, params: { projectId: project.id } })).status).toBe(200);
  });

  it("lets a claim expire", async () => {
    const { project } = await waitingProject();
    const [alice, bob] = [await reviewer(), await reviewer()];
    await call(claim.POST, "POST", "/", { token: alice, params: { projectId: project.id } });
    await db.reviewClaim.update({ where: { projectId: project.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await call(claim.POST, "POST", "/", { token: bob, params: { projectId: project.id } })).status).toBe(200);
  });
});

describe("review decisions", () => {
  it("approves only with every check passed, publishes, lists and notifies the Owner and Managers", async () => {
    const { project, ownerToken } = await waitingProject();
    const manager = await createUser();
    await addMemberWith(project.id, manager.id, "MANAGER");
    const token = await reviewer();
    const failing = await call(decision.POST, "POST", "/", {
      token,
      params: { projectId: project.id },
      body: { decision: "APPROVE", checklist: { ...allPassed, security: { passed: false, note: "Suspicious link" } } },
    });
    expect(failing.status).toBe(422);
    expect(failing.json).toMatchObject({ failed: ["security"] });
    const approved = await call(decision.POST, "POST", "/", {
      token,
      params: { projectId: project.id },
      body: { decision: "APPROVE", checklist: allPassed },
    });
    expect(approved.json).toMatchObject({ decision: "APPROVE", status: "PUBLISHED" });
    const listed = await call(collection.GET, "GET", `/api/v1/projects?q=${encodeURIComponent(project.name)}`);
    expect((listed.json!.data as { id: string }[]).map((entry) => entry.id)).toContain(project.id);
    for (const member of [ownerToken, await tokenFor(manager.id)]) {
      const inbox = await call(notifications.GET, "GET", "/api/v1/users/me/notifications?unread=true", { token: member });
      expect((inbox.json!.data as { kind: string }[]).map((entry) => entry.kind)).toContain("review.approved");
    }
    const marked = await call(read.POST, "POST", "/", { token: ownerToken, body: {} });
    expect(marked.json!.marked).toBeGreaterThan(0);
    expect(
      ((await call(notifications.GET, "GET", "/api/v1/users/me/notifications?unread=true", { token: ownerToken })).json!.data as unknown[])
        .length,
    ).toBe(0);
  });

  it("rejects with a public reason the team sees, and an internal note it never sees", async () => {
    const { project, ownerToken } = await waitingProject();
    const secret = unique("internal-");
    const token = await reviewer();
    const noReason = await call(decision.POST, "POST", "/", {
      token,
      params: { projectId: project.id },
      body: { decision: "REJECT", checklist: allPassed },
    });
    expect(noReason.status).toBe(400);
    const rejected = await call(decision.POST, "POST", "/", {
      token,
      params: { projectId: project.id },
      body: {
        decision: "REJECT",
        checklist: { ...allPassed, quality: { passed: false, note: "Add screenshots" } },
        publicReason: "The description needs screenshots.",
        internalNote: secret,
      },
    });
    expect(rejected.json).toMatchObject({ status: "REJECTED" });
    const seen = await call(history.GET, "GET", "/", { token: ownerToken, params: { id: project.id } });
    expect(seen.json).toMatchObject({
      status: "REJECTED",
      reviews: [{ decision: "REJECT", publicReason: "The description needs screenshots." }],
    });
    expect(seen.text).not.toContain(secret);
    const inbox = await call(notifications.GET, "GET", "/", { token: ownerToken });
    expect(inbox.text).not.toContain(secret);
    expect(inbox.text).toContain("The description needs screenshots.");
  });

  it("counts exactly one of two decisions made at once", async () => {
    const { project } = await waitingProject();
    const [alice, bob] = [await reviewer(), await reviewer()];
    const results = await Promise.all([
      call(decision.POST, "POST", "/", {
        token: alice,
        params: { projectId: project.id },
        body: { decision: "APPROVE", checklist: allPassed },
      }),
      call(decision.POST, "POST", "/", {
        token: bob,
        params: { projectId: project.id },
        body: { decision: "REJECT", checklist: allPassed, publicReason: "No" },
      }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(await db.review.count({ where: { projectId: project.id } })).toBe(1);
    expect(await db.statusTransition.count({ where: { projectId: project.id, from: "IN_REVIEW" } })).toBe(1);
  });

  it("keeps reviewers from deciding their own project and anyone from deciding what is not in review", async () => {
    const { project } = await waitingProject();
    const lead = await createUser({ roles: ["TEAM_LEAD"] });
    await addMemberWith(project.id, lead.id, "MANAGER");
    const own = await call(decision.POST, "POST", "/", {
      token: await tokenFor(lead.id),
      params: { projectId: project.id },
      body: { decision: "APPROVE", checklist: allPassed },
    });
    expect(own.status).toBe(403);
    const draft = await createProjectFor(await createPartner());
    const notInReview = await call(decision.POST, "POST", "/", {
      token: await reviewer(),
      params: { projectId: draft.id },
      body: { decision: "APPROVE", checklist: allPassed },
    });
    expect(notInReview.status).toBe(422);
    const partner = await call(decision.POST, "POST", "/", {
      token: await tokenFor((await createPartner()).id),
      params: { projectId: project.id },
      body: { decision: "APPROVE", checklist: allPassed },
    });
    expect(partner.status).toBe(403);
    expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).status).toBe("IN_REVIEW");
  });
});

describe("what a decision records for the next review", () => {
  it("says whether the decision claimed a free project, and keeps a snapshot the next review is compared with", async () => {
    const { project } = await waitingProject();
    const reviewerUser = await createUser({ roles: ["TEAM_LEAD"] });
    const token = await tokenFor(reviewerUser.id);
    const rejected = await call(decision.POST, "POST", "/", {
      token,
      params: { projectId: project.id },
      body: { decision: "REJECT", checklist: allPassed, publicReason: "Add a banner." },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.json!.claimedByDecision).toBe(true);
    const stored = await db.review.findFirstOrThrow({ where: { projectId: project.id } });
    expect(stored.snapshot).toMatchObject({ format: 2, presentation: { name: project.name, bannerUrl: null }, launcher: null, pages: [] });

    // The team adds a banner and resubmits; the reviewer claims and sees exactly that change.
    await db.project.update({
      where: { id: project.id },
      data: { status: "IN_REVIEW", submittedAt: new Date(), bannerUrl: "https://cdn.example/banner.png" },
    });
    const record = await getReviewRecord(actorOf(reviewerUser), project.id);
    expect(record.changes).toEqual([{ area: "PRESENTATION", field: "bannerUrl", before: null, after: "https://cdn.example/banner.png" }]);
    expect(record.lastReview).toMatchObject({ decision: "REJECT", hasSnapshot: true });

    expect((await call(claim.POST, "POST", "/", { token, params: { projectId: project.id } })).status).toBe(200);
    const approved = await call(decision.POST, "POST", "/", {
      token,
      params: { projectId: project.id },
      body: { decision: "APPROVE", checklist: allPassed },
    });
    expect(approved.status).toBe(200);
    expect(approved.json!.claimedByDecision).toBe(false);
  });
});
