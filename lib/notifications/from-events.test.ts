/**
 * Notifications as a consumer of events: team changes reach the person they concern (never the one
 * who made them), followers hear of releases and announcements they may see, partner status
 * changes reach the partner, each kind in the portal and by mail as the reader chose; following
 * and the settings through the API.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as followRoute from "@/app/api/v1/projects/[id]/follow/route";
import * as memberRoute from "@/app/api/v1/projects/[id]/members/[userId]/route";
import * as membersRoute from "@/app/api/v1/projects/[id]/members/route";
import * as messagesRoute from "@/app/api/v1/projects/[id]/messages/route";
import * as settingsRoute from "@/app/api/v1/users/me/notification-settings/route";
import * as passwordRoute from "@/app/api/v1/users/me/password/route";
import * as meRoute from "@/app/api/v1/users/me/route";
import * as userRoute from "@/app/api/v1/users/[id]/route";
import { recordAudit } from "@/lib/audit-log/record";
import { db } from "@/lib/db/client";
import { createPartner, createProjectFor, createUser, TEST_PASSWORD, tokenFor } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";
import { fanOut } from "@/lib/webhooks/dispatcher";

let owner: Awaited<ReturnType<typeof createPartner>>;
let ownerToken: string;

beforeAll(async () => {
  owner = await createPartner();
  ownerToken = await tokenFor(owner.id, ["read", "write"]);
});

/** Consumes every event recorded so far (what the background dispatcher does within a second). */
async function consumeEvents() {
  while ((await fanOut()) > 0) {}
}

const kindsOf = async (userId: string) => (await db.notification.findMany({ where: { userId } })).map((row) => row.kind).sort();

describe("notifications from events", () => {
  it("tell a member they joined, got a new role and left; never the one who did it", async () => {
    const project = await createProjectFor(owner, { status: "PUBLISHED", visibility: "PUBLIC" });
    const member = await createUser();
    const role = (key: string) => project.roles.find((candidate) => candidate.key === key)!.id;
    const added = await call(membersRoute.POST, "POST", "/", {
      token: ownerToken,
      params: { id: project.id },
      body: { userId: member.id, roleId: role("TESTER") },
    });
    expect(added.status).toBe(201);
    await call(memberRoute.PUT, "PUT", "/", {
      token: ownerToken,
      params: { id: project.id, userId: member.id },
      body: { roleId: role("DEVELOPER") },
    });
    await call(memberRoute.DELETE, "DELETE", "/", { token: ownerToken, params: { id: project.id, userId: member.id } });
    await consumeEvents();
    expect(await kindsOf(member.id)).toEqual(["member.added", "member.removed", "member.role_changed"]);
    const joined = await db.notification.findFirstOrThrow({ where: { userId: member.id, kind: "member.added" } });
    expect(joined.params).toMatchObject({ project: project.name, roleKey: "TESTER" });
    expect(await db.notification.count({ where: { userId: owner.id, kind: { startsWith: "member." } } })).toBe(0);
  });

  it("tell followers of announcements they may read, and stop when they unfollow", async () => {
    const project = await createProjectFor(owner, { status: "PUBLISHED", visibility: "PUBLIC", modules: ["MESSAGES"] });
    const fan = await createUser();
    const fanToken = await tokenFor(fan.id, ["read", "write"]);
    expect((await call(followRoute.PUT, "PUT", "/", { token: fanToken, params: { id: project.id } })).json).toEqual({ following: true });
    expect((await call(followRoute.PUT, "PUT", "/", { token: fanToken, params: { id: project.id } })).status).toBe(200);
    // If-Match is optional; a stale project version is 412, the current one follows.
    const stale = await call(followRoute.PUT, "PUT", "/", {
      token: fanToken,
      params: { id: project.id },
      headers: { "if-match": '"v999"' },
    });
    expect(stale.status).toBe(412);
    const current = await call(followRoute.PUT, "PUT", "/", {
      token: fanToken,
      params: { id: project.id },
      headers: { "if-match": `"v${project.version}"` },
    });
    expect(current.status).toBe(200);
    await call(messagesRoute.POST, "POST", "/", {
      token: ownerToken,
      params: { id: project.id },
      body: { title: "Season 2", body: "Starts Friday." },
    });
    await consumeEvents();
    const told = await db.notification.findMany({ where: { userId: fan.id, kind: "message.new" } });
    expect(told).toHaveLength(1);
    expect(told[0].params).toMatchObject({ project: project.name, title: "Season 2" });

    expect((await call(followRoute.DELETE, "DELETE", "/", { token: fanToken, params: { id: project.id } })).json).toEqual({
      following: false,
    });
    await call(messagesRoute.POST, "POST", "/", {
      token: ownerToken,
      params: { id: project.id },
      body: { title: "Season 3", body: "Later." },
    });
    await consumeEvents();
    expect(await db.notification.count({ where: { userId: fan.id, kind: "message.new" } })).toBe(1);
  });

  it("never tell a follower what they may no longer see, and refuse following an invisible project", async () => {
    const project = await createProjectFor(owner, { status: "PUBLISHED", visibility: "PUBLIC", modules: ["MESSAGES"] });
    const fan = await createUser();
    const fanToken = await tokenFor(fan.id, ["read", "write"]);
    await call(followRoute.PUT, "PUT", "/", { token: fanToken, params: { id: project.id } });
    await db.project.update({ where: { id: project.id }, data: { visibility: "PRIVATE" } });
    await call(messagesRoute.POST, "POST", "/", {
      token: ownerToken,
      params: { id: project.id },
      body: { title: "Secret", body: "Team only." },
    });
    await consumeEvents();
    expect(await db.notification.count({ where: { userId: fan.id } })).toBe(0);
    expect((await call(followRoute.PUT, "PUT", "/", { token: fanToken, params: { id: project.id } })).status).toBe(404);
  });

  it("tell followers of a published release", async () => {
    const project = await createProjectFor(owner, { status: "PUBLISHED", visibility: "PUBLIC", modules: ["DOWNLOADS"] });
    const fan = await createUser();
    await db.projectFollow.create({ data: { projectId: project.id, userId: fan.id } });
    const release = await db.release.create({ data: { projectId: project.id, version: "2.0.0", title: "Two", state: "PUBLISHED" } });
    await db.$transaction((tx) =>
      recordAudit(
        tx,
        { actorId: owner.id, via: "TOKEN" },
        { action: "release.publish", targetType: "release", targetId: release.id, projectId: project.id },
      ),
    );
    await consumeEvents();
    const [told] = await db.notification.findMany({ where: { userId: fan.id, kind: "release.new" } });
    expect(told.params).toEqual({ project: project.name, version: "2.0.0" });
  });

  it("tell a partner their status changed", async () => {
    const user = await createUser();
    const lead = await tokenFor((await createUser({ roles: ["USER", "PROJECT_LEAD"] })).id);
    const read = await call(userRoute.GET, "GET", "/", { token: lead, params: { id: user.id } });
    const changed = await call(userRoute.PUT, "PUT", "/", {
      token: lead,
      params: { id: user.id },
      headers: { "if-match": read.headers.get("etag")! },
      body: { platformRoles: ["USER", "PARTNER"], partnerStatus: "ACTIVE" },
    });
    expect(changed.status).toBe(200);
    await consumeEvents();
    const [told] = await db.notification.findMany({ where: { userId: user.id, kind: "partner.status_changed" } });
    expect(told.params).toEqual({ status: "ACTIVE" });
    expect(told.title).toBe("Your partner status changed");
  });
});

describe("notification settings", () => {
  it("default to the portal for every kind and to mail for decisions and team changes; a kind switched off stays off", async () => {
    const member = await createUser();
    const token = await tokenFor(member.id, ["read", "write"]);
    const initial = await call(settingsRoute.GET, "GET", "/", { token });
    expect(initial.json).toMatchObject({
      "member.added": { inApp: true, email: true },
      "message.new": { inApp: true, email: false },
      "review.approved": { inApp: true, email: true },
    });
    const updated = await call(settingsRoute.PUT, "PUT", "/", { token, body: { "member.added": { inApp: false, email: true } } });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ "member.added": { inApp: false, email: true }, "member.removed": { inApp: true, email: true } });
    expect((await call(settingsRoute.PUT, "PUT", "/", { token, body: { "member.exploded": { inApp: true, email: true } } })).status).toBe(
      400,
    );
    expect((await call(settingsRoute.PUT, "PUT", "/", { token, body: { "member.added": { inApp: true } } })).status).toBe(400);

    const project = await createProjectFor(owner, { status: "PUBLISHED", visibility: "PUBLIC" });
    await call(membersRoute.POST, "POST", "/", {
      token: ownerToken,
      params: { id: project.id },
      body: { userId: member.id, roleId: project.roles.find((role) => role.key === "MEMBER")!.id },
    });
    await consumeEvents();
    expect(await db.notification.count({ where: { userId: member.id, kind: "member.added" } })).toBe(0);
    const [mail] = await db.outboxMail.findMany({ where: { to: member.email, subject: { endsWith: "you are on the team" } } });
    expect(mail.subject).toBe(`${project.name}: you are on the team`);
  });

  it("follow the account's old e-mail switch as the default for mail", async () => {
    const quiet = await createUser();
    await db.user.update({ where: { id: quiet.id }, data: { settings: { emailNotifications: false } } });
    const token = await tokenFor(quiet.id, ["read"]);
    expect((await call(settingsRoute.GET, "GET", "/", { token })).json).toMatchObject({ "member.added": { inApp: true, email: false } });
  });
});

describe("security notices", () => {
  it("go out when the password changes and when a new address is asked for (to the old one), whatever the settings", async () => {
    const user = await createUser();
    await db.user.update({
      where: { id: user.id },
      data: { settings: { emailNotifications: false }, notificationSettings: { "member.added": { inApp: false, email: false } } },
    });
    const token = await tokenFor(user.id, ["read", "write"]);
    const changed = await call(passwordRoute.POST, "POST", "/", {
      token,
      body: { currentPassword: TEST_PASSWORD, newPassword: "another long passphrase 42" },
    });
    expect(changed.status).toBe(204);
    expect(await db.outboxMail.count({ where: { to: user.email, subject: "Your password was changed" } })).toBe(1);

    const fresh = await tokenFor(user.id, ["read", "write"]);
    const read = await call(meRoute.GET, "GET", "/", { token: fresh });
    const moved = await call(meRoute.PUT, "PUT", "/", {
      token: fresh,
      headers: { "if-match": read.headers.get("etag")! },
      body: { email: `new-${user.email}`, currentPassword: "another long passphrase 42" },
    });
    expect(moved.status).toBe(200);
    const [notice] = await db.outboxMail.findMany({
      where: { to: user.email, subject: "A new e-mail address was entered for your account" },
    });
    expect(notice.body).toContain(`new-${user.email}`);
  });
});
