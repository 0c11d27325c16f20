import { describe, expect, it } from "vitest";
import { applyToProject, decideApplication } from "../applications/service";
import { db } from "../db/client";
import { decideReview } from "../reviews/service";
import { actorOf, createPartner, createProjectFor, createUser, testMeta } from "../testing/factories";

const passed = { passed: true, note: "" };

describe("decision mails", () => {
  it("mails the applicant the team's decision in their language, and nobody who turned mail off", async () => {
    const owner = await createPartner();
    const project = await createProjectFor(owner, { status: "PUBLISHED", modules: ["APPLICATIONS"] });
    const german = await createUser();
    const quiet = await createUser();
    await db.user.update({ where: { id: german.id }, data: { language: "de" } });
    await db.user.update({ where: { id: quiet.id }, data: { settings: { emailNotifications: false } } });
    for (const applicant of [german, quiet]) {
      const application = await applyToProject(actorOf(applicant), project.id, { message: "Let me in" }, testMeta());
      await decideApplication(actorOf(owner), project.id, application.id, { decision: "REJECT", reason: "Team is full" }, testMeta());
    }
    const mail = await db.outboxMail.findFirstOrThrow({ where: { to: german.email } });
    expect(mail.subject).toBe(`Deine Bewerbung bei ${project.name}`);
    expect(mail.body).toContain("Begründung: Team is full");
    expect(mail.html).toContain(`/projects/${project.slug}`);
    expect(await db.outboxMail.count({ where: { to: quiet.email } })).toBe(0);
  });

  it("mails the project's submitters the review outcome", async () => {
    const owner = await createPartner();
    const project = await createProjectFor(owner, { status: "IN_REVIEW" });
    await db.project.update({ where: { id: project.id }, data: { submittedAt: new Date() } });
    const reviewer = await createUser({ roles: ["TEAM_LEAD"] });
    await decideReview(
      actorOf(reviewer),
      project.id,
      { decision: "APPROVE", checklist: { completeness: passed, quality: passed, guidelines: passed, security: passed } },
      testMeta(),
    );
    const mail = await db.outboxMail.findFirstOrThrow({ where: { to: owner.email } });
    expect(mail.subject).toBe(`${project.name} is published`);
    expect(mail.body).toContain(`/projects/${project.slug}/manage/review`);
  });

  it("follows the per-kind e-mail setting over the account's old switch, both ways", async () => {
    const owner = await createPartner();
    const project = await createProjectFor(owner, { status: "PUBLISHED", modules: ["APPLICATIONS"] });
    const muted = await createUser();
    const keen = await createUser();
    await db.user.update({
      where: { id: muted.id },
      data: { notificationSettings: { "application.rejected": { inApp: true, email: false } } },
    });
    await db.user.update({
      where: { id: keen.id },
      data: { settings: { emailNotifications: false }, notificationSettings: { "application.rejected": { inApp: true, email: true } } },
    });
    for (const applicant of [muted, keen]) {
      const application = await applyToProject(actorOf(applicant), project.id, { message: "Let me in" }, testMeta());
      await decideApplication(actorOf(owner), project.id, application.id, { decision: "REJECT", reason: "Team is full" }, testMeta());
    }
    expect(await db.outboxMail.count({ where: { to: muted.email } })).toBe(0);
    expect(await db.outboxMail.count({ where: { to: keen.email } })).toBe(1);
  });
});
