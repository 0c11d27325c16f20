import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { Forbidden } from "../errors";
import { addMember, createRole } from "../members/service";
import { actorOf, createPartner, createProjectFor, createUser, testMeta, unique } from "../testing/factories";
import { loadAuditNames } from "./names";
import type { AuditEntryView } from "./schemas";
import { auditSentence } from "./sentence";
import { listAudit, searchAuditProjects, searchAuditUsers } from "./service";

describe("the names of a page of audit entries", () => {
  it("are read for actors, targets, projects and the ids inside changes, deleted projects included", async () => {
    const owner = await createPartner();
    const project = await createProjectFor(owner, { name: `Named ${unique("")}` });
    const member = await createUser();
    const tester = project.roles.find((role) => role.key === "TESTER")!;
    await addMember(actorOf(owner), project.id, { userId: member.id, roleId: tester.id }, testMeta());
    await createRole(actorOf(owner), project.id, { name: "Mappers", rank: 10, permissions: ["project.view"] }, testMeta());
    await db.project.update({ where: { id: project.id }, data: { deletedAt: new Date() } });
    const lead = actorOf(await createUser({ roles: ["USER", "PROJECT_LEAD"] }));

    const page = await listAudit(lead, { projectId: project.id, limit: 50 });
    const names = await loadAuditNames(page.data);
    const sentences = new Map(page.data.map((entry) => [entry.action, auditSentence(entry, names)]));
    expect(sentences.get("member.add")).toMatchObject({
      actor: { kind: "user", id: owner.id, name: owner.displayName, username: owner.username },
      target: { kind: "user", id: member.id, name: member.displayName },
      // A deleted project keeps its name; it has no page to link to.
      project: { kind: "project", name: project.name, slug: null },
    });
    expect(sentences.get("role.create")?.target).toEqual({ kind: "role", name: "Mappers", key: null });
    expect(sentences.get("role.create")?.changes).toContainEqual({
      field: ["permissions"],
      before: { kind: "empty" },
      after: { kind: "list", items: [{ kind: "permission", area: "project", name: "view" }] },
    });
    expect(sentences.get("project.create")?.changes).toContainEqual({
      field: ["ownerId"],
      before: { kind: "empty" },
      after: { kind: "subject", subject: { kind: "user", id: owner.id, name: owner.displayName, username: owner.username } },
    });
  });
});

describe("the names of things an entry is about", () => {
  it("are each kind's own text: a release's version, a file's name, a page's and a message's title, a token's, a device's and a client's name, a webhook's address", async () => {
    const owner = await createPartner();
    const project = await createProjectFor(owner);
    const text = (what: string) => `${what} ${unique("")}`;
    const projectId = project.id;
    const userId = owner.id;
    const later = new Date(Date.now() + 3_600_000);
    const things = {
      release: await db.release.create({ data: { projectId, version: text("1.0.0"), title: "t" } }),
      download: await db.download.create({
        data: {
          projectId,
          kind: "OTHER",
          fileName: text("file"),
          contentType: "x/y",
          size: 1n,
          sha256: "0".repeat(64),
          storageKey: text("key"),
        },
      }),
      page: await db.projectPage.create({ data: { projectId, slug: unique("page"), title: text("Page"), body: "" } }),
      message: await db.projectMessage.create({ data: { projectId, title: text("Message"), body: "" } }),
      token: await db.apiToken.create({
        data: { userId, name: text("Token"), tokenHash: text("hash"), prefix: "pmt_", expiresAt: later, authenticatedAt: new Date() },
      }),
      device: await db.device.create({ data: { userId, keyHash: text("key"), name: text("Device") } }),
      device_authorization: await db.deviceAuthorization.create({
        data: { deviceCodeHash: text("d"), userCodeHash: text("u"), clientName: text("Client"), expiresAt: later, interval: 5 },
      }),
      webhook: await db.webhook.create({ data: { projectId, url: `https://example.com/${unique("hook")}`, secretSealed: "sealed" } }),
    };
    const named = {
      release: things.release.version,
      download: things.download.fileName,
      page: things.page.title,
      message: things.message.title,
      token: things.token.name,
      device: things.device.name,
      device_authorization: things.device_authorization.clientName,
      webhook: things.webhook.url,
    };
    const entries = Object.entries(things).map(
      ([targetType, thing]) => ({ actor: null, projectId: null, targetType, targetId: thing.id, changes: {} }) as unknown as AuditEntryView,
    );
    const names = await loadAuditNames(entries);
    expect(
      Object.fromEntries(Object.keys(things).map((type) => [type, names.labels.get(`${type}:${things[type as keyof typeof things].id}`)])),
    ).toEqual(named);
  });
});

describe("the audit log's pickers", () => {
  it("find accounts by username start or display name, never by e-mail, and projects by name or address, for audit.read only", async () => {
    const tag = unique("pick").toLowerCase();
    const byName = await db.user.update({ where: { id: (await createUser()).id }, data: { username: `${tag}a`, usernameKey: `${tag}a` } });
    const byDisplay = await db.user.update({
      where: { id: (await createUser()).id },
      data: { displayName: `Someone ${tag.toUpperCase()}` },
    });
    const byMail = await db.user.update({ where: { id: (await createUser()).id }, data: { email: `${tag}@example.test` } });
    const deleted = await db.user.update({
      where: { id: (await createUser()).id },
      data: { username: `${tag}gone`, usernameKey: `${tag}gone`, deletedAt: new Date() },
    });
    const developer = actorOf(await createUser({ roles: ["USER", "DEVELOPER"] }));
    const found = (await searchAuditUsers(developer, tag)).map((user) => user.id);
    expect(found).toContain(byName.id);
    expect(found).toContain(byDisplay.id);
    expect(found).not.toContain(byMail.id);
    expect(found).not.toContain(deleted.id);
    expect(await searchAuditUsers(developer, "a")).toEqual([]);
    expect(Object.keys((await searchAuditUsers(developer, tag))[0]!).sort()).toEqual(["avatarUrl", "displayName", "id", "username"]);

    const owner = await createPartner();
    const hidden = await createProjectFor(owner, { name: `Hidden ${tag}`, visibility: "PRIVATE" });
    const gone = await createProjectFor(owner, { name: `Gone ${tag}` });
    await db.project.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    expect((await searchAuditProjects(developer, tag)).map((project) => project.id).sort()).toEqual([gone.id, hidden.id].sort());
    expect((await searchAuditProjects(developer, hidden.slug.slice(0, 8))).map((project) => project.id)).toContain(hidden.id);

    const outsider = actorOf(await createUser());
    await expect(searchAuditUsers(outsider, tag)).rejects.toThrow(Forbidden);
    await expect(searchAuditProjects(outsider, tag)).rejects.toThrow(Forbidden);
  });
});
