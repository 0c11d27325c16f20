import { describe, expect, it } from "vitest";
import { applicationsAwaiting } from "../applications/service";
import { db } from "../db/client";
import { declineInvitation, myPendingInvitations } from "../invitations/service";
import { changesCachedData, MAY_SHOW_LATE } from "../db/write-watch";
import { NotFound } from "../errors";
import { addMember, changeMemberRole, removeMember, updateRole } from "../members/service";
import { latestMessages, postMessage } from "../messages/service";
import { markNotificationsRead, unreadCount } from "../notifications/service";
import { createPage, pageNavigation } from "../pages/service";
import { myProjectsPage } from "../portal/my-projects";
import { loadProject } from "../projects/access";
import { deleteProject, findProjectIdBySlug, getProject, listProjects, updatePresentation } from "../projects/service";
import { settingsOf, updateSettings } from "../projects/settings";
import { changeStatus } from "../reviews/service";
import { cacheForEachTest } from "../testing/cache";
import { actorOf, addMemberWith, createPartner, createProjectFor, createUser, inviteWith, testMeta, tokenFor } from "../testing/factories";
import { statementsSent } from "../testing/statement-count";
import { cachedData, clearDataCache, DATA_CACHE_MAX_WEIGHT, dataCacheStats, invalidateData } from "./data-cache";

/**
 * The data cache in one process (no REDIS_URL): repeated reads cost no statement, and every
 * committed write the database client sees empties it, so each change below is seen by the very
 * next read, whoever reads. data-cache-redis.test.ts covers other instances.
 */

async function statementsOf(read: () => Promise<unknown>) {
  const before = statementsSent();
  await read();
  return statementsSent() - before;
}

const DIRECTORY = { limit: 100, sort: "newest" as const };

async function inDirectory(projectId: string, actor: ReturnType<typeof actorOf> | null = null) {
  const page = await listProjects(actor, { ...DIRECTORY, q: undefined });
  return page.data.some((project) => project.id === projectId);
}

async function publishedProject(
  options: { visibility?: "PUBLIC" | "PRIVATE" | "APPLICATION_ONLY"; modules?: ("MESSAGES" | "PROJECT_PAGES")[] } = {},
) {
  const owner = await createPartner();
  // A fresh name that the directory's newest-first page surely holds.
  const project = await createProjectFor(owner, {
    status: "PUBLISHED",
    visibility: options.visibility ?? "PUBLIC",
    modules: options.modules,
  });
  return { owner, project, ownerActor: actorOf(owner) };
}

async function versionOf(projectId: string) {
  return (await db.project.findUniqueOrThrow({ where: { id: projectId } })).version;
}

describe("data cache (one process)", () => {
  cacheForEachTest("DATA_CACHE_SECONDS", clearDataCache);

  it("serves a repeated read from memory: no statement for the project, the list, the slug", async () => {
    const { project, owner } = await publishedProject();
    const actor = actorOf(owner);
    for (const read of [
      () => loadProject(actor, project.id),
      () => loadProject(null, project.id),
      () => listProjects(actor, { limit: 20, sort: "newest", member: "me" }),
      () => findProjectIdBySlug(project.slug),
    ]) {
      expect(await statementsOf(read)).toBeGreaterThan(0);
      expect(await statementsOf(read)).toBe(0);
    }
  });

  it("caches nothing with DATA_CACHE_SECONDS=0, and an entry expires", async () => {
    process.env.DATA_CACHE_SECONDS = "0";
    const { project } = await publishedProject();
    await loadProject(null, project.id);
    expect(await statementsOf(() => loadProject(null, project.id))).toBeGreaterThan(0);
    process.env.DATA_CACHE_SECONDS = "0.2";
    await loadProject(null, project.id);
    expect(await statementsOf(() => loadProject(null, project.id))).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await statementsOf(() => loadProject(null, project.id))).toBeGreaterThan(0);
  });

  it("a write past every service (raw SQL through the client) is seen by the next read", async () => {
    const { project } = await publishedProject();
    expect((await loadProject(null, project.id)).project.name).toBe(project.name);
    await db.$executeRaw`UPDATE "Project" SET "visibility" = 'PRIVATE' WHERE "id" = ${project.id}`;
    await expect(loadProject(null, project.id)).rejects.toBeInstanceOf(NotFound);
    expect(await inDirectory(project.id)).toBe(false);
  });

  it("a write to a table no cached read uses (tokens, sessions, audit) keeps the cache", async () => {
    const user = await createUser();
    await loadProject(null, (await publishedProject()).project.id);
    const before = dataCacheStats().generation;
    await tokenFor(user.id);
    expect(dataCacheStats().generation).toBe(before);
    expect(dataCacheStats().entries).toBeGreaterThan(0);
  });

  it("tells writes from reads by their SQL", () => {
    const expectChanges = (changes: boolean, statements: string[]) => {
      for (const sql of statements) expect(changesCachedData(sql), sql).toBe(changes);
    };
    expectChanges(false, [
      'SELECT "t0"."id" FROM "public"."Project" AS "t0" WHERE "t0"."id" = $1',
      "BEGIN",
      "COMMIT",
      'SELECT 1 FROM "Project" WHERE "id" = $1 FOR UPDATE',
    ]);
    expectChanges(true, [
      'UPDATE "public"."Project" SET "name" = $1',
      'INSERT INTO "public"."ProjectMember" ("id") VALUES ($1)',
      'DELETE FROM "public"."User" WHERE "id" = $1',
      'TRUNCATE "Project" CASCADE',
      'WITH x AS (UPDATE "Project" SET "name" = $1 RETURNING 1) SELECT * FROM x',
      'ALTER TABLE "Project" ADD COLUMN "x" text',
    ]);
    // A download count may show late (lib/downloads/counting.ts): only a statement marked so keeps the cache.
    const count =
      'WITH "counted" AS (INSERT INTO "DownloadClient" ("downloadId") VALUES ($1) RETURNING 1) UPDATE "Download" SET "downloadCount" = "downloadCount" + 1';
    expect(changesCachedData(count)).toBe(true);
    expect(changesCachedData(`${MAY_SHOW_LATE}\n    ${count}`)).toBe(false);
    expectChanges(false, [
      'INSERT INTO "public"."AuditEntry" ("id") VALUES ($1)',
      'UPDATE "public"."UserSession" SET "lastSeenAt" = $1',
      'UPDATE "public"."ApiToken" SET "lastUsedAt" = $1',
      'DELETE FROM "IdempotencyKey" WHERE "id" IN (SELECT 1)',
    ]);
  });

  it("a read that overlapped an invalidation is not stored", async () => {
    let finish!: () => void;
    const read = cachedData("test:overlap", async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return "read before the write committed";
    });
    await invalidateData();
    finish();
    expect(await read).toBe("read before the write committed");
    expect(await cachedData("test:overlap", async () => "read again")).toBe("read again");
    expect(await cachedData("test:overlap", async () => "not asked")).toBe("read again");
  });

  it("concurrent misses share one load, but a request after an invalidation loads anew", async () => {
    const pending: (() => void)[] = [];
    let loads = 0;
    const slowLoad = async () => {
      const number = ++loads;
      await new Promise<void>((resolve) => pending.push(resolve));
      return `load ${number}`;
    };
    const first = cachedData("test:shared", slowLoad);
    const second = cachedData("test:shared", slowLoad);
    expect(loads).toBe(1);
    await invalidateData();
    const afterWrite = cachedData("test:shared", slowLoad);
    expect(loads).toBe(2);
    for (const resolve of pending) resolve();
    expect(await Promise.all([first, second, afterWrite])).toEqual(["load 1", "load 1", "load 2"]);
    expect(await cachedData("test:shared", slowLoad)).toBe("load 2");
  });

  it("a failed load fails the requests that joined it and is not kept", async () => {
    let fail!: (error: Error) => void;
    const failing = () => new Promise<string>((_, reject) => (fail = reject));
    const first = cachedData("test:failing", failing);
    const second = cachedData("test:failing", failing);
    fail(new Error("database away"));
    await expect(first).rejects.toThrow("database away");
    await expect(second).rejects.toThrow("database away");
    expect(await cachedData("test:failing", async () => "recovered")).toBe("recovered");
  });

  it("stays within its size bound, counted in rows", async () => {
    const page = Array.from({ length: 100 }, (_, index) => index);
    for (let index = 0; index < DATA_CACHE_MAX_WEIGHT / 100 + 5; index++)
      await cachedData(`test:page:${index}`, async () => ({ data: page, nextCursor: null }));
    expect(dataCacheStats().weight).toBeLessThanOrEqual(DATA_CACHE_MAX_WEIGHT);
    expect(dataCacheStats().entries).toBeLessThanOrEqual(DATA_CACHE_MAX_WEIGHT / 100);
  });

  // Each row: a change through its service, and what anonymous visitors (directory, project) see at once.
  const hiding: [string, (context: Awaited<ReturnType<typeof publishedProject>>) => Promise<void>][] = [
    [
      "made private",
      async ({ project, ownerActor }) => {
        const row = await db.project.findUniqueOrThrow({ where: { id: project.id } });
        await updateSettings(ownerActor, project.id, { visibility: "PRIVATE", settings: settingsOf(row) }, row.version, testMeta());
      },
    ],
    [
      "taken down by a moderator",
      async ({ project }) =>
        void (await changeStatus(
          actorOf(await createUser({ roles: ["USER", "TEAM_LEAD"] })),
          project.id,
          { status: "REJECTED", reason: "test" },
          testMeta(),
        )),
    ],
    [
      "archived, then deleted",
      async ({ project, ownerActor }) => {
        await changeStatus(ownerActor, project.id, { status: "ARCHIVED" }, testMeta());
        await deleteProject(ownerActor, project.id, await versionOf(project.id), testMeta());
      },
    ],
  ];

  it.each(hiding)("a project %s disappears at once for anonymous visitors", async (_label, change) => {
    const context = await publishedProject();
    const { project } = context;
    expect(await inDirectory(project.id)).toBe(true);
    await loadProject(null, project.id);
    await change(context);
    await expect(loadProject(null, project.id)).rejects.toBeInstanceOf(NotFound);
    expect(await inDirectory(project.id)).toBe(false);
  });

  it("a presentation change is seen at once on the project and in the directory", async () => {
    const { project, ownerActor } = await publishedProject();
    await getProject(null, project.id);
    await listProjects(null, { ...DIRECTORY, q: project.name });
    await updatePresentation(ownerActor, project.id, { name: "Renamed at once" }, await versionOf(project.id), testMeta());
    expect((await getProject(null, project.id)).body.name).toBe("Renamed at once");
    expect((await listProjects(null, { ...DIRECTORY })).data.find((row) => row.id === project.id)?.name).toBe("Renamed at once");
    expect((await listProjects(null, { ...DIRECTORY, q: project.name })).data.map((row) => row.id)).not.toContain(project.id);
  });

  it("team changes are seen at once: added, role changed, role edited, removed", async () => {
    const { project, ownerActor } = await publishedProject({ visibility: "PRIVATE" });
    const member = await createPartner();
    const memberActor = actorOf(member);
    const roles = await db.projectRole.findMany({ where: { projectId: project.id } });
    const role = (key: string) => roles.find((row) => row.key === key)!;
    const mine = async () => (await listProjects(memberActor, { limit: 20, sort: "newest", member: "me" })).data.map((row) => row.id);

    await expect(loadProject(memberActor, project.id)).rejects.toBeInstanceOf(NotFound);
    expect(await mine()).toEqual([]);
    expect((await myProjectsPage(memberActor, 1)).rows).toEqual([]);

    await addMember(ownerActor, project.id, { userId: member.id, roleId: role("MEMBER").id }, testMeta());
    expect((await loadProject(memberActor, project.id)).membership?.role.key).toBe("MEMBER");
    expect(await mine()).toEqual([project.id]);
    expect((await myProjectsPage(memberActor, 1)).rows.map((row) => row.role.key)).toEqual(["MEMBER"]);

    expect((await loadProject(memberActor, project.id)).access.permissions.has("project.edit")).toBe(false);
    await changeMemberRole(ownerActor, project.id, member.id, role("MANAGER").id, testMeta());
    expect((await loadProject(memberActor, project.id)).access.permissions.has("project.edit")).toBe(true);
    expect((await myProjectsPage(memberActor, 1)).rows.map((row) => row.role.name)).toEqual([role("MANAGER").name]);

    await changeMemberRole(ownerActor, project.id, member.id, role("TESTER").id, testMeta());
    expect((await loadProject(memberActor, project.id)).access.permissions.has("applications.view")).toBe(false);
    await updateRole(
      ownerActor,
      project.id,
      role("TESTER").id,
      { name: role("TESTER").name, rank: role("TESTER").rank, permissions: [...role("TESTER").permissions, "applications.view"] as never },
      testMeta(),
    );
    expect((await loadProject(memberActor, project.id)).access.permissions.has("applications.view")).toBe(true);

    await removeMember(ownerActor, project.id, member.id, testMeta());
    await expect(loadProject(memberActor, project.id)).rejects.toBeInstanceOf(NotFound);
    expect(await mine()).toEqual([]);
    expect((await myProjectsPage(memberActor, 1)).rows).toEqual([]);
  });

  it("project page content and the unread count are seen at once: an announcement, a page, reading it", async () => {
    const { project, ownerActor } = await publishedProject({ modules: ["MESSAGES", "PROJECT_PAGES"] });
    const member = await createPartner();
    await addMemberWith(project.id, member.id, "MEMBER");
    const anonymous = () => loadProject(null, project.id);
    expect((await latestMessages(await anonymous(), { limit: 5 })).data).toEqual([]);
    expect(await pageNavigation(await anonymous())).toEqual([]);
    expect(await unreadCount(actorOf(member))).toBe(0);

    await postMessage(ownerActor, project.id, { title: "Seen at once", body: "Hello" }, testMeta());
    expect((await latestMessages(await anonymous(), { limit: 5 })).data.map((message) => message.title)).toEqual(["Seen at once"]);
    expect(await unreadCount(actorOf(member))).toBe(1);
    await markNotificationsRead(actorOf(member), undefined);
    expect(await unreadCount(actorOf(member))).toBe(0);

    await createPage(ownerActor, project.id, { slug: "rules", title: "Rules", body: "Be nice", position: 0 }, testMeta());
    expect((await pageNavigation(await anonymous())).map((page) => page.slug)).toEqual(["rules"]);
  });

  it("My projects' invitations and awaiting applications: no statement on a repeat, every change at once", async () => {
    const owner = await createPartner();
    const project = await createProjectFor(owner, { status: "PUBLISHED", modules: ["APPLICATIONS"] });
    const ownerActor = actorOf(owner);
    const applicant = await createPartner();
    expect(await applicationsAwaiting(ownerActor)).toEqual([]);
    expect(await statementsOf(() => applicationsAwaiting(ownerActor))).toBe(0);
    const application = await db.application.create({ data: { projectId: project.id, userId: applicant.id, message: "Let me in" } });
    expect((await applicationsAwaiting(ownerActor)).map((row) => row.id)).toEqual([application.id]);
    expect(await statementsOf(() => applicationsAwaiting(ownerActor))).toBe(0);
    await db.application.update({ where: { id: application.id }, data: { status: "REJECTED", decidedAt: new Date() } });
    expect(await applicationsAwaiting(ownerActor)).toEqual([]);

    const invitee = actorOf(await createPartner());
    expect((await myPendingInvitations(invitee, 20)).data).toEqual([]);
    expect(await statementsOf(() => myPendingInvitations(invitee, 20))).toBe(0);
    const invitation = await inviteWith(project.id, invitee.userId, "MEMBER", owner.id);
    expect((await myPendingInvitations(invitee, 20)).data.map((row) => row.id)).toEqual([invitation.id]);
    expect(await statementsOf(() => myPendingInvitations(invitee, 20))).toBe(0);
    await declineInvitation(invitee, invitation.id, testMeta());
    expect((await myPendingInvitations(invitee, 20)).data).toEqual([]);
  });

  it("a cached invitation is not shown as pending past its expiry", async () => {
    const owner = await createPartner();
    const project = await createProjectFor(owner, { status: "PUBLISHED" });
    const invitee = actorOf(await createPartner());
    const role = project.roles.find((row) => row.key === "MEMBER")!;
    const expiresAt = new Date(Date.now() + 2_000);
    await db.projectInvitation.create({
      data: { projectId: project.id, userId: invitee.userId, roleId: role.id, invitedById: owner.id, expiresAt },
    });
    expect((await myPendingInvitations(invitee, 20)).data).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() - Date.now() + 50));
    expect((await myPendingInvitations(invitee, 20)).data).toEqual([]);
  });

  it("each viewer gets the answer for who they are: anonymous, a member, an outsider", async () => {
    const { project, owner } = await publishedProject({ visibility: "PRIVATE" });
    const other = await publishedProject();
    const outsider = actorOf(await createPartner());
    await expect(loadProject(null, project.id)).rejects.toBeInstanceOf(NotFound);
    expect(await inDirectory(project.id)).toBe(false);
    expect(await inDirectory(other.project.id)).toBe(true);
    // Filled by anonymous reads just above; the owner still sees their private project, the outsider does not.
    expect((await loadProject(actorOf(owner), project.id)).membership?.role.key).toBe("OWNER");
    expect(await inDirectory(project.id, actorOf(owner))).toBe(true);
    await expect(loadProject(outsider, project.id)).rejects.toBeInstanceOf(NotFound);
    expect(await inDirectory(project.id, outsider)).toBe(false);
    expect(await inDirectory(project.id)).toBe(false);
  });
});
