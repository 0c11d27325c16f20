import { describe, expect, it } from "vitest";
import * as launcher from "@/app/api/v1/projects/[id]/launcher/route";
import * as modules from "@/app/api/v1/projects/[id]/modules/route";
import * as restore from "@/app/api/v1/projects/[id]/restore/route";
import * as one from "@/app/api/v1/projects/[id]/route";
import * as settings from "@/app/api/v1/projects/[id]/settings/route";
import * as images from "@/app/api/v1/projects/[id]/images/[kind]/route";
import * as collection from "@/app/api/v1/projects/route";
import { clearDataCache } from "@/lib/cache/data-cache";
import { db } from "@/lib/db/client";
import { listProjectsQuerySchema } from "@/lib/projects/schemas";
import type { Actor } from "@/lib/auth/actor";
import { type Facet, listProjects, projectFacets } from "@/lib/projects/service";
import { actorOf, addMemberWith, createPartner, createProjectFor, createUser, tokenFor, unique } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";
import { statementsSent } from "@/lib/testing/statement-count";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4bf0000000049454e44ae426082",
  "hex",
);
const presentation = (name: string) => ({ name, description: "About it", game: "Minecraft", category: "Server" });

describe("creating projects", () => {
  it("gives an ACTIVE partner a DRAFT with a slug, the six default roles and the Owner role", async () => {
    const partner = await createPartner();
    const name = `Skyforge ${unique()}`;
    const response = await call(collection.POST, "POST", "/api/v1/projects", {
      token: await tokenFor(partner.id),
      body: { ...presentation(name), modules: ["APPLICATIONS"] },
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      name,
      status: "DRAFT",
      visibility: "PUBLIC",
      modules: ["APPLICATIONS"],
      slug: name.toLowerCase().replace(/ /g, "-"),
    });
    const project = await db.project.findUniqueOrThrow({
      where: { id: response.json!.id as string },
      include: { roles: true, members: { include: { role: true } } },
    });
    expect(project.roles.map((role) => role.key).sort()).toEqual(["DEVELOPER", "MANAGER", "MEMBER", "MODERATOR", "OWNER", "TESTER"]);
    expect(project.members.map((member) => [member.userId, member.role.key])).toEqual([[partner.id, "OWNER"]]);
    expect(await db.auditEntry.count({ where: { targetId: project.id, action: "project.create" } })).toBe(1);
  });

  it("keeps slugs unique", async () => {
    const partner = await createPartner();
    const token = await tokenFor(partner.id);
    const name = `Same Name ${unique()}`;
    const first = await call(collection.POST, "POST", "/", { token, body: presentation(name) });
    const second = await call(collection.POST, "POST", "/", { token, body: presentation(name) });
    expect(first.json!.slug).not.toBe(second.json!.slug);
  });

  it("takes the address the caller chose, refuses it when taken (409 at the field) or reserved", async () => {
    const partner = await createPartner();
    const token = await tokenFor(partner.id);
    const slug = `harbor-${unique()}`.toLowerCase();
    const first = await call(collection.POST, "POST", "/", { token, body: { ...presentation("Starlight Harbor"), slug } });
    expect(first.status).toBe(201);
    expect(first.json!.slug).toBe(slug);
    const taken = await call(collection.POST, "POST", "/", { token, body: { ...presentation("Another Harbor"), slug } });
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({ code: "slug_taken", errors: [{ path: "slug", message: "This address is taken. Choose another." }] });
    for (const bad of ["new", "Upper-Case", "two--hyphens", "a".repeat(49)]) {
      const refused = await call(collection.POST, "POST", "/", { token, body: { ...presentation("Bad Address"), slug: bad } });
      expect(refused.status, bad).toBe(400);
      expect(refused.json!.errors).toMatchObject([{ path: "slug" }]);
    }
  });

  it("creates once per Idempotency-Key", async () => {
    const partner = await createPartner();
    const token = await tokenFor(partner.id);
    const key = unique("idem-");
    const name = `Once ${unique()}`;
    const first = await call(collection.POST, "POST", "/", { token, body: presentation(name), headers: { "idempotency-key": key } });
    const again = await call(collection.POST, "POST", "/", { token, body: presentation(name), headers: { "idempotency-key": key } });
    expect(again.json!.id).toBe(first.json!.id);
    expect(await db.project.count({ where: { name } })).toBe(1);
  });

  it.each([
    ["a user", { roles: ["USER"] }, 403],
    ["a partner without ACTIVE status", { roles: ["USER", "PARTNER"], partnerStatus: "NONE" }, 403],
    ["a suspended partner", { roles: ["USER", "PARTNER"], partnerStatus: "SUSPENDED" }, 403],
    ["support", { roles: ["SUPPORT"] }, 403],
    ["a team lead who names no owner", { roles: ["TEAM_LEAD"] }, 400],
  ] as const)("refuses %s (%i) and stores nothing", async (_label, options, status) => {
    const actor = await createUser({
      roles: [...options.roles],
      partnerStatus: "partnerStatus" in options ? options.partnerStatus : "NONE",
    });
    const name = `Refused ${unique()}`;
    const response = await call(collection.POST, "POST", "/", { token: await tokenFor(actor.id), body: presentation(name) });
    expect(response.status).toBe(status);
    expect(await db.project.count({ where: { name } })).toBe(0);
  });

  it("lets the platform team create a project for a partner, who becomes its Owner", async () => {
    const [lead, partner] = [await createUser({ roles: ["TEAM_LEAD"] }), await createPartner()];
    const response = await call(collection.POST, "POST", "/", {
      token: await tokenFor(lead.id),
      body: { ...presentation(`For partner ${unique()}`), ownerId: partner.id },
    });
    expect(response.status).toBe(201);
    const members = await db.projectMember.findMany({ where: { projectId: response.json!.id as string }, include: { role: true } });
    expect(members.map((member) => [member.userId, member.role.key])).toEqual([[partner.id, "OWNER"]]);
  });

  it("refuses HOSTING (not available yet) with 422", async () => {
    const partner = await createPartner();
    const response = await call(collection.POST, "POST", "/", {
      token: await tokenFor(partner.id),
      body: { ...presentation(`Host ${unique()}`), modules: ["HOSTING"] },
    });
    expect(response.status).toBe(422);
    expect(response.json).toMatchObject({ code: "module_unavailable" });
  });
});

describe("editing a project", () => {
  it("replaces with PUT, merges with PATCH, and refuses stale versions", async () => {
    const partner = await createPartner();
    const token = await tokenFor(partner.id);
    const project = await createProjectFor(partner);
    const read = await call(one.GET, "GET", "/", { token, params: { id: project.id } });
    expect(read.headers.get("etag")).toMatch(/^"v1\.[\w-]+"$/);
    const patched = await call(one.PATCH, "PATCH", "/", {
      token,
      params: { id: project.id },
      headers: { "if-match": '"v1"' },
      body: { websiteUrl: "https://skyforge.example" },
    });
    expect(patched.json).toMatchObject({ websiteUrl: "https://skyforge.example", game: "Test game" });
    const replaced = await call(one.PUT, "PUT", "/", {
      token,
      params: { id: project.id },
      headers: { "if-match": '"v2"' },
      body: { name: "Renamed" },
    });
    expect(replaced.json).toMatchObject({ name: "Renamed", game: "", websiteUrl: null });
    const stale = await call(one.PATCH, "PATCH", "/", {
      token,
      params: { id: project.id },
      headers: { "if-match": '"v2"' },
      body: { name: "Lost" },
    });
    expect(stale.status).toBe(412);
    expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).name).toBe("Renamed");
  });

  it.each([
    ["status (moves through the status endpoint)", { status: "PUBLISHED" }, "status"],
    ["visibility (a setting)", { visibility: "PRIVATE" }, "visibility"],
    ["an http link", { websiteUrl: "http://plain.example" }, "websiteUrl"],
    ["a script link", { trailerUrl: "javascript:alert(1)" }, "trailerUrl"],
    ["another project's uploaded image", { logoUrl: "/api/v1/projects/other/images/logo?v=abc" }, "logoUrl"],
  ])("refuses %s with 400", async (_label, body, path) => {
    const partner = await createPartner();
    const project = await createProjectFor(partner);
    const response = await call(one.PATCH, "PATCH", "/", {
      token: await tokenFor(partner.id),
      params: { id: project.id },
      headers: { "if-match": '"v1"' },
      body,
    });
    expect(response.status).toBe(400);
    expect((response.json!.errors as { path: string }[]).map((error) => error.path)).toContain(path);
    expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).version).toBe(1);
  });

  it("uploads a logo checked by its bytes and serves it to whoever sees the project", async () => {
    const partner = await createPartner();
    const token = await tokenFor(partner.id);
    const project = await createProjectFor(partner, { status: "PUBLISHED", visibility: "PUBLIC" });
    const params = { id: project.id, kind: "logo" };
    const fake = await call(images.PUT, "PUT", "/", {
      token,
      params,
      headers: { "if-match": '"v1"', "content-type": "image/png" },
      rawBody: "<svg onload=alert(1)>",
    });
    expect(fake.status).toBe(415);
    const uploaded = await images.PUT(
      new Request("http://127.0.0.1/x", {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "if-match": '"v1"', "content-type": "image/png" },
        body: PNG,
      }),
      { params: Promise.resolve(params) },
    );
    expect(uploaded.status).toBe(200);
    const body = await uploaded.json();
    expect(body.logoUrl).toMatch(new RegExp(`^/api/v1/projects/${project.id}/images/logo\\?v=`));
    const served = await images.GET(new Request("http://127.0.0.1/x"), { params: Promise.resolve(params) });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    const kept = await call(one.PUT, "PUT", "/", {
      token,
      params: { id: project.id },
      headers: { "if-match": '"v2"' },
      body: { name: project.name, logoUrl: body.logoUrl },
    });
    expect(kept.status).toBe(200);
    await db.project.update({ where: { id: project.id }, data: { visibility: "PRIVATE" } });
    expect((await images.GET(new Request("http://127.0.0.1/x"), { params: Promise.resolve(params) })).status).toBe(404);
  });

  it("refuses an image over the size limit with 413", async () => {
    const partner = await createPartner();
    const project = await createProjectFor(partner);
    const response = await call(images.PUT, "PUT", "/", {
      token: await tokenFor(partner.id),
      params: { id: project.id, kind: "banner" },
      headers: { "if-match": '"v1"', "content-type": "image/png", "content-length": String(3 * 1024 * 1024) },
      rawBody: "x",
    });
    expect(response.status).toBe(413);
  });
});

describe("listing projects", () => {
  it("filters, searches, sorts and pages without leaking", async () => {
    const partner = await createPartner();
    const game = unique("Game");
    const listed = [];
    for (const name of ["Alpha", "Bravo", "Charlie"])
      listed.push(await createProjectFor(partner, { name: `${name} ${game}`, status: "PUBLISHED", visibility: "PUBLIC", game }));
    await createProjectFor(partner, { name: `Hidden ${game}`, status: "PUBLISHED", visibility: "PRIVATE" });
    await createProjectFor(partner, { name: `Draft ${game}`, status: "DRAFT" });

    const anonymous = await call(collection.GET, "GET", `/api/v1/projects?game=${game}&sort=name&limit=2`);
    expect((anonymous.json!.data as { name: string }[]).map((project) => project.name)).toEqual([`Alpha ${game}`, `Bravo ${game}`]);
    const next = await call(collection.GET, "GET", `/api/v1/projects?game=${game}&sort=name&limit=2&cursor=${anonymous.json!.nextCursor}`);
    expect((next.json!.data as { name: string }[]).map((project) => project.name)).toEqual([`Charlie ${game}`]);
    expect(next.json!.nextCursor).toBeNull();

    const search = await call(collection.GET, "GET", `/api/v1/projects?q=${encodeURIComponent(`bravo ${game}`)}`);
    expect((search.json!.data as unknown[]).length).toBe(1);

    const mine = await call(collection.GET, "GET", `/api/v1/projects?member=me&q=${game}&limit=100`, { token: await tokenFor(partner.id) });
    expect((mine.json!.data as unknown[]).length).toBe(5);
    expect((await call(collection.GET, "GET", "/api/v1/projects?member=me")).status).toBe(401);
    expect((await call(collection.GET, "GET", `/api/v1/projects?sort=name&cursor=${anonymous.json!.nextCursor}x`)).status).toBe(400);
    expect((await call(collection.GET, "GET", `/api/v1/projects?sort=newest&cursor=${anonymous.json!.nextCursor}`)).status).toBe(400);
  });

  it("never answers a member 304 with their old permissions: the ETag follows their access, If-Match reads the version", async () => {
    const partner = await createPartner();
    const project = await createProjectFor(partner);
    const member = await createUser();
    await addMemberWith(project.id, member.id, "MEMBER");
    const token = await tokenFor(member.id);
    const first = await call(one.GET, "GET", "/", { token, params: { id: project.id } });
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"v\d+\.[\w-]+"$/);
    expect((await call(one.GET, "GET", "/", { token, params: { id: project.id }, headers: { "if-none-match": etag } })).status).toBe(304);

    const developer = await db.projectRole.findFirstOrThrow({ where: { projectId: project.id, key: "DEVELOPER" } });
    await db.projectMember.updateMany({ where: { projectId: project.id, userId: member.id }, data: { roleId: developer.id } });
    const after = await call(one.GET, "GET", "/", { token, params: { id: project.id }, headers: { "if-none-match": etag } });
    expect(after.status).toBe(200);
    expect((after.json as { access: { role: { key: string } } }).access.role.key).toBe("DEVELOPER");
    // The owner edits with the ETag they read, suffix and all.
    const ownerToken = await tokenFor(partner.id);
    const read = await call(one.GET, "GET", "/", { token: ownerToken, params: { id: project.id } });
    const edited = await call(one.PATCH, "PATCH", "/", {
      token: ownerToken,
      params: { id: project.id },
      headers: { "if-match": read.headers.get("etag")! },
      body: { description: "Edited with the ETag as read." },
    });
    expect(edited.status).toBe(200);
  });

  it("counts the directory's facets over what the caller may list, each without its own filter", async () => {
    const partner = await createPartner();
    const word = unique("Facet");
    const [gameA, gameB] = [`${word} A`, `${word} B`];
    const made = (game: string, category: string, state: Parameters<typeof createProjectFor>[1]) =>
      createProjectFor(partner, { name: `${word} ${unique("")}`, game, category, ...state });
    await made(gameA, "Server", { status: "PUBLISHED", visibility: "PUBLIC" });
    await made(gameA, "Mod", { status: "PUBLISHED", visibility: "APPLICATION_ONLY" });
    await made(gameB, "Server", { status: "PUBLISHED", visibility: "PUBLIC" });
    await made(gameB, "Server", { status: "PUBLISHED", visibility: "PRIVATE" });
    await made(gameA, "Server", { status: "DRAFT" });
    const query = (filters: Record<string, string>) => listProjectsQuerySchema.parse({ q: word, ...filters });
    const counts = (facets: Facet[]) => Object.fromEntries(facets.map((facet) => [facet.value, facet.count]));

    const anonymous = await projectFacets(null, query({}));
    expect(anonymous.total).toBe(3);
    expect(counts(anonymous.game)).toEqual({ [gameA]: 2, [gameB]: 1 });
    expect(counts(anonymous.category)).toEqual({ Server: 2, Mod: 1 });
    // A chosen game narrows the total and the categories, not the games (the alternatives stay counted).
    const chosen = await projectFacets(null, query({ game: gameB }));
    expect([chosen.total, counts(chosen.game), counts(chosen.category)]).toEqual([1, { [gameA]: 2, [gameB]: 1 }, { Server: 1 }]);
    // The owner counts their private and draft projects too, as their list shows them.
    const owner = await projectFacets(actorOf(partner), query({}));
    expect([owner.total, counts(owner.game)]).toEqual([5, { [gameA]: 3, [gameB]: 2 }]);
  });

  it("answers the total and both facets in one statement, whatever is chosen, and matches a chosen value whatever its case", async () => {
    const partner = await createPartner();
    const word = unique("OneCount");
    for (const [game, category] of [
      [`${word} A`, "Server"],
      [`${word} A`, "Mod"],
      [`${word} B`, "Server"],
    ])
      await createProjectFor(partner, { name: `${word} ${unique("")}`, status: "PUBLISHED", visibility: "PUBLIC", game, category });
    const counts = (facets: Facet[]) => Object.fromEntries(facets.map((facet) => [facet.value, facet.count]));
    // The data cache emptied before each: what a first visit costs.
    for (const filters of [{}, { game: `${word.toLowerCase()} a` }, { game: `${word} B`, category: "server" }]) {
      clearDataCache();
      const before = statementsSent();
      const facets = await projectFacets(null, listProjectsQuerySchema.parse({ q: word, ...filters }));
      expect({ filters, statements: statementsSent() - before }).toEqual({ filters, statements: 1 });
      if ("category" in filters)
        expect([facets.total, counts(facets.game), counts(facets.category)]).toEqual([
          1,
          { [`${word} A`]: 1, [`${word} B`]: 1 },
          { Server: 1 },
        ]);
      else if ("game" in filters)
        expect([facets.total, counts(facets.game), counts(facets.category)]).toEqual([
          2,
          { [`${word} A`]: 2, [`${word} B`]: 1 },
          { Server: 1, Mod: 1 },
        ]);
      else
        expect([facets.total, counts(facets.game), counts(facets.category)]).toEqual([
          3,
          { [`${word} A`]: 2, [`${word} B`]: 1 },
          { Server: 2, Mod: 1 },
        ]);
    }
  });

  it("counts for every kind of caller exactly what that caller's list holds", async () => {
    const partner = await createPartner();
    const word = unique("Facets");
    // Two games and three categories over the six, so that each facet has more than one value.
    const states: Parameters<typeof createProjectFor>[1][] = [
      { status: "PUBLISHED", visibility: "PUBLIC", game: `${word} G0`, category: "C0" },
      { status: "PUBLISHED", visibility: "APPLICATION_ONLY", game: `${word} G1`, category: "C1" },
      { status: "PUBLISHED", visibility: "PRIVATE", game: `${word} G0`, category: "C2" },
      { status: "ARCHIVED", visibility: "PUBLIC", game: `${word} G1`, category: "C0" },
      { status: "DRAFT", visibility: "PUBLIC", game: `${word} G0`, category: "C1" },
      { status: "IN_REVIEW", visibility: "PRIVATE", game: `${word} G1`, category: "C2" },
    ];
    const projects = [];
    for (const [index, state] of states.entries()) projects.push(await createProjectFor(partner, { name: `${word} ${index}`, ...state }));
    const member = await createUser();
    await addMemberWith(projects[2].id, member.id, "MEMBER");
    const suspendedPartner = await createPartner();
    await addMemberWith(projects[5].id, suspendedPartner.id, "DEVELOPER");
    await db.user.update({ where: { id: suspendedPartner.id }, data: { partnerStatus: "SUSPENDED" } });
    const staff = await createUser({ roles: ["USER", "TEAM_LEAD"] });
    const callers: [string, Actor | null][] = [
      ["anonymous", null],
      ["owner", actorOf(partner)],
      ["member of the private one", actorOf(member)],
      ["suspended partner on the team", actorOf({ ...suspendedPartner, partnerStatus: "SUSPENDED" })],
      ["staff, signed in", actorOf(staff)],
      ["staff, token without admin", actorOf(staff, ["read", "write"])],
      ["staff, token with admin", actorOf(staff, ["read", "write", "admin"])],
    ];
    const tally = (values: string[]) =>
      Object.fromEntries([...new Set(values)].map((value) => [value, values.filter((one) => one === value).length]));
    const counts = (facets: Facet[]) => Object.fromEntries(facets.map((facet) => [facet.value, facet.count]));
    const query = listProjectsQuerySchema.parse({ q: word, limit: 100 });
    const seen: Record<string, number> = {};
    for (const [name, actor] of callers) {
      const [list, facets] = await Promise.all([listProjects(actor, query), projectFacets(actor, query)]);
      seen[name] = list.data.length;
      expect({ name, total: facets.total, game: counts(facets.game), category: counts(facets.category) }).toEqual({
        name,
        total: list.data.length,
        game: tally(list.data.map((project) => project.game)),
        category: tally(list.data.map((project) => project.category)),
      });
    }
    // The callers differ: the matrix is not six times the same list.
    expect(seen).toEqual({
      anonymous: 3,
      owner: 6,
      "member of the private one": 4,
      "suspended partner on the team": 4,
      "staff, signed in": 6,
      "staff, token without admin": 3,
      "staff, token with admin": 6,
    });
  });
});

describe("deleting and restoring", () => {
  it("deletes a draft (hidden at once), refuses a published project, and lets a Project lead restore", async () => {
    const partner = await createPartner();
    const token = await tokenFor(partner.id);
    const draft = await createProjectFor(partner);
    const published = await createProjectFor(partner, { status: "PUBLISHED" });
    expect((await call(one.DELETE, "DELETE", "/", { token, params: { id: published.id }, headers: { "if-match": '"v1"' } })).status).toBe(
      422,
    );
    expect((await call(one.DELETE, "DELETE", "/", { token, params: { id: draft.id }, headers: { "if-match": '"v1"' } })).status).toBe(204);
    expect((await call(one.GET, "GET", "/", { token, params: { id: draft.id } })).status).toBe(404);
    expect((await call(restore.POST, "POST", "/", { token, params: { id: draft.id } })).status).toBe(404);
    const lead = await createUser({ roles: ["PROJECT_LEAD"] });
    const restored = await call(restore.POST, "POST", "/", { token: await tokenFor(lead.id), params: { id: draft.id } });
    expect(restored.status).toBe(200);
    expect((await call(one.GET, "GET", "/", { token, params: { id: draft.id } })).status).toBe(200);
  });

  it("lets only the Owner (or staff) delete", async () => {
    const [partner, manager] = [await createPartner(), await createUser()];
    const project = await createProjectFor(partner);
    await addMemberWith(project.id, manager.id, "MANAGER");
    expect(
      (
        await call(one.DELETE, "DELETE", "/", {
          token: await tokenFor(manager.id),
          params: { id: project.id },
          headers: { "if-match": '"v1"' },
        })
      ).status,
    ).toBe(403);
  });
});

describe("settings and modules", () => {
  it("sets visibility and validated settings", async () => {
    const partner = await createPartner();
    const token = await tokenFor(partner.id);
    const project = await createProjectFor(partner);
    const body = {
      visibility: "APPLICATION_ONLY",
      settings: {
        applicationsOpen: false,
        applicationPrompt: "Tell us about you",
        supportLinks: [{ label: "Patreon", url: "https://patreon.example/x" }],
        contactEmail: "team@example.test",
      },
    };
    const updated = await call(settings.PUT, "PUT", "/", { token, params: { id: project.id }, headers: { "if-match": '"v1"' }, body });
    expect(updated.status).toBe(200);
    expect(updated.json).toEqual({ ...body, settings: { ...body.settings, offeredRoleIds: [], offerPrereleases: false } });
    const bad = await call(settings.PUT, "PUT", "/", {
      token,
      params: { id: project.id },
      headers: { "if-match": '"v2"' },
      body: { ...body, settings: { ...body.settings, supportLinks: [{ label: "x", url: "ftp://x" }] } },
    });
    expect(bad.status).toBe(400);
  });

  it("hides a disabled module's endpoints (404) and keeps its data", async () => {
    const partner = await createPartner();
    const token = await tokenFor(partner.id);
    const project = await createProjectFor(partner);
    const params = { id: project.id };
    const config = {
      offerInstall: true,
      offerUpdate: true,
      offerRepair: false,
      offerGameStart: true,
      offerVersions: true,
      launchSettings: { executable: "game.exe", arguments: ["-fast"], platforms: {}, minimumLauncherVersion: null, minimumMemoryMb: 2048 },
    };
    expect((await call(launcher.GET, "GET", "/", { token, params })).status).toBe(404);
    expect((await call(launcher.PUT, "PUT", "/", { token, params, body: config })).status).toBe(404);
    const alone = await call(modules.PUT, "PUT", "/", { token, params, headers: { "if-match": '"v1"' }, body: { modules: ["LAUNCHER"] } });
    expect(alone.json).toMatchObject({
      status: 400,
      errors: [{ path: "modules", message: expect.stringContaining("The launcher needs the Releases and downloads module") }],
    });
    const enabled = await call(modules.PUT, "PUT", "/", {
      token,
      params,
      headers: { "if-match": '"v1"' },
      body: { modules: ["LAUNCHER", "DOWNLOADS"] },
    });
    expect(enabled.json!.modules).toEqual(["LAUNCHER", "DOWNLOADS"]);
    expect((await call(launcher.PUT, "PUT", "/", { token, params, body: config })).json).toEqual(config);
    await call(modules.PUT, "PUT", "/", { token, params, headers: { "if-match": '"v2"' }, body: { modules: [] } });
    expect((await call(launcher.GET, "GET", "/", { token, params })).status).toBe(404);
    await call(modules.PUT, "PUT", "/", { token, params, headers: { "if-match": '"v3"' }, body: { modules: ["LAUNCHER", "DOWNLOADS"] } });
    expect((await call(launcher.GET, "GET", "/", { token, params })).json).toEqual(config);
    const hosting = await call(modules.PUT, "PUT", "/", {
      token,
      params,
      headers: { "if-match": '"v4"' },
      body: { modules: ["LAUNCHER", "DOWNLOADS", "HOSTING"] },
    });
    expect(hosting.status).toBe(422);
  });
});
