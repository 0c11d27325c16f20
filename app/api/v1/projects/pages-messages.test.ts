/**
 * Project pages, announcements and support links through the API: the happy paths, ETag and
 * If-Match, bad input, what gets audited and who is notified. Who may call what is in
 * pages-messages-cross-tenant.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as messageRoute from "@/app/api/v1/projects/[id]/messages/[messageId]/route";
import * as messagesRoute from "@/app/api/v1/projects/[id]/messages/route";
import * as pageRoute from "@/app/api/v1/projects/[id]/pages/[pageSlug]/route";
import * as pagesRoute from "@/app/api/v1/projects/[id]/pages/route";
import * as settingsRoute from "@/app/api/v1/projects/[id]/settings/route";
import * as supportRoute from "@/app/api/v1/projects/[id]/support-links/route";
import * as historyRoute from "@/app/api/v1/projects/[id]/history/route";
import { db } from "@/lib/db/client";
import { MAX_PAGE_BODY, MAX_PAGES_PER_PROJECT } from "@/lib/pages/schemas";
import { addMemberWith, createPartner, createProjectFor, createUser, tokenFor } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";

let owner: Awaited<ReturnType<typeof createPartner>>;
let ownerToken: string;
let moderator: Awaited<ReturnType<typeof createUser>>;
let moderatorToken: string;
let member: Awaited<ReturnType<typeof createUser>>;
let suspendedMember: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  owner = await createPartner();
  ownerToken = await tokenFor(owner.id, ["read", "write"]);
  moderator = await createUser();
  moderatorToken = await tokenFor(moderator.id, ["read", "write"]);
  member = await createUser();
  suspendedMember = await createUser({ suspended: true });
});

async function publishedProject(
  modules: ("PROJECT_PAGES" | "MESSAGES" | "CREATOR_SUPPORT")[] = ["PROJECT_PAGES", "MESSAGES", "CREATOR_SUPPORT"],
) {
  const project = await createProjectFor(owner, { status: "PUBLISHED", visibility: "PUBLIC", modules });
  await addMemberWith(project.id, moderator.id, "MODERATOR");
  await addMemberWith(project.id, member.id, "MEMBER");
  await addMemberWith(project.id, suspendedMember.id, "MEMBER");
  return project;
}

const page = (overrides: Record<string, unknown> = {}) => ({
  slug: "getting-started",
  title: "Getting started",
  body: "# Welcome\n\nJoin **us**.",
  position: 1,
  ...overrides,
});

describe("project pages", () => {
  it("creates, lists, reads with sanitized HTML and an ETag, replaces with If-Match and deletes", async () => {
    const project = await publishedProject();
    const created = await call(pagesRoute.POST, "POST", "/", {
      token: moderatorToken,
      params: { id: project.id },
      body: page({ body: "# Welcome\n\n<script>alert(1)</script><img src=x onerror=alert(1)> [x](javascript:alert(1))" }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(`/api/v1/projects/${project.id}/pages/getting-started`);
    expect(created.headers.get("etag")).toBe('"v1"');
    expect(created.json!.html).toContain("<h1>Welcome</h1>");
    expect(created.json!.html).not.toMatch(/<script|onerror|href="javascript:|<img/i);

    await call(pagesRoute.POST, "POST", "/", {
      token: ownerToken,
      params: { id: project.id },
      body: page({ slug: "rules", title: "Rules", position: 0 }),
    });
    const list = await call(pagesRoute.GET, "GET", "/", { params: { id: project.id } });
    expect(list.status).toBe(200);
    expect((list.json!.data as { slug: string }[]).map((item) => item.slug)).toEqual(["rules", "getting-started"]);
    expect(list.json!.data as object[]).not.toContainEqual(expect.objectContaining({ body: expect.anything() }));

    const read = await call(pageRoute.GET, "GET", "/", { params: { id: project.id, pageSlug: "getting-started" } });
    expect(read.status).toBe(200);
    expect(read.headers.get("etag")).toBe('"v1"');
    const notModified = await call(pageRoute.GET, "GET", "/", {
      params: { id: project.id, pageSlug: "getting-started" },
      headers: { "if-none-match": '"v1"' },
    });
    expect(notModified.status).toBe(304);

    const params = { id: project.id, pageSlug: "getting-started" };
    expect((await call(pageRoute.PUT, "PUT", "/", { token: moderatorToken, params, body: page({ title: "Start here" }) })).status).toBe(
      428,
    );
    const replaced = await call(pageRoute.PUT, "PUT", "/", {
      token: moderatorToken,
      params,
      headers: { "if-match": '"v1"' },
      body: page({ title: "Start here", slug: "start" }),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.headers.get("etag")).toBe('"v2"');
    expect(replaced.json).toMatchObject({ slug: "start", title: "Start here", version: 2 });
    expect((await call(pageRoute.GET, "GET", "/", { params })).status).toBe(404);
    const stale = await call(pageRoute.PUT, "PUT", "/", {
      token: moderatorToken,
      params: { id: project.id, pageSlug: "start" },
      headers: { "if-match": '"v1"' },
      body: page({ slug: "start" }),
    });
    expect(stale.status).toBe(412);

    const deleteStartPage = async (ifMatch: string) =>
      (
        await call(pageRoute.DELETE, "DELETE", "/", {
          token: moderatorToken,
          params: { id: project.id, pageSlug: "start" },
          headers: { "if-match": ifMatch },
        })
      ).status;
    expect(await deleteStartPage('"v1"')).toBe(412);
    expect(await deleteStartPage('"v2"')).toBe(204);

    const audit = await db.auditEntry.findMany({ where: { projectId: project.id, targetType: "page" }, orderBy: { createdAt: "asc" } });
    expect(audit.map((entry) => entry.action)).toEqual(["page.create", "page.create", "page.update", "page.delete"]);
    expect(JSON.stringify(audit[2].changes)).toContain("Start here");
  });

  it("answers 409 for a slug the project already uses, on create and on rename", async () => {
    const project = await publishedProject();
    await call(pagesRoute.POST, "POST", "/", { token: ownerToken, params: { id: project.id }, body: page() });
    await call(pagesRoute.POST, "POST", "/", { token: ownerToken, params: { id: project.id }, body: page({ slug: "faq" }) });
    const duplicate = await call(pagesRoute.POST, "POST", "/", { token: ownerToken, params: { id: project.id }, body: page() });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json!.code).toBe("page_slug_taken");
    const rename = await call(pageRoute.PUT, "PUT", "/", {
      token: ownerToken,
      params: { id: project.id, pageSlug: "faq" },
      headers: { "if-match": '"v1"' },
      body: page(),
    });
    expect(rename.status).toBe(409);
    // Another project may use the same slug.
    const other = await publishedProject();
    expect((await call(pagesRoute.POST, "POST", "/", { token: ownerToken, params: { id: other.id }, body: page() })).status).toBe(201);
  });

  const BAD: [string, unknown, number][] = [
    ["empty body", {}, 400],
    ["empty title", page({ title: "  " }), 400],
    ["empty slug", page({ slug: "" }), 400],
    ["slug with upper case", page({ slug: "Getting-Started" }), 400],
    ["slug with a slash", page({ slug: "a/b" }), 400],
    ["slug with dots", page({ slug: ".." }), 400],
    ["slug too long", page({ slug: "a".repeat(61) }), 400],
    ["title too long", page({ title: "t".repeat(121) }), 400],
    ["body too long", page({ body: "b".repeat(MAX_PAGE_BODY + 1) }), 400],
    ["negative position", page({ position: -1 }), 400],
    ["fractional position", page({ position: 1.5 }), 400],
    ["unknown field", page({ html: "<b>mine</b>" }), 400],
    ["unknown field projectId", page({ projectId: "other" }), 400],
    ["body not a string", page({ body: 42 }), 400],
    ["body nested too deep", page({ body: ">".repeat(4000) }), 400],
  ];
  it.each(BAD)("refuses %s with %d", async (_, body, status) => {
    const project = await publishedProject();
    const response = await call(pagesRoute.POST, "POST", "/", { token: ownerToken, params: { id: project.id }, body });
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    expect(await db.projectPage.count({ where: { projectId: project.id } })).toBe(0);
  });

  it("refuses Markdown nested too deep (security review after issue 23) with a field message, on pages and announcements", async () => {
    const project = await publishedProject();
    const deep = ">".repeat(4000);
    const created = await call(pagesRoute.POST, "POST", "/", { token: ownerToken, params: { id: project.id }, body: page({ body: deep }) });
    expect(created.status).toBe(400);
    expect(created.json).toMatchObject({
      code: "validation_failed",
      errors: [{ path: "body", message: expect.stringMatching(/32 levels/) }],
    });
    const message = await call(messagesRoute.POST, "POST", "/", {
      token: ownerToken,
      params: { id: project.id },
      body: { title: "Deep", body: deep },
    });
    expect(message.status).toBe(400);
    expect(message.json).toMatchObject({ errors: [{ path: "body", message: expect.stringMatching(/32 levels/) }] });
    expect(await db.projectPage.count({ where: { projectId: project.id } })).toBe(0);
  });

  it("answers 413 for a request over 256 KiB and 400 for malformed JSON", async () => {
    const project = await publishedProject();
    const huge = await call(pagesRoute.POST, "POST", "/", {
      token: ownerToken,
      params: { id: project.id },
      body: page({ body: "😀".repeat(70_000) }),
    });
    expect(huge.status).toBe(413);
    const malformed = await call(pagesRoute.POST, "POST", "/", {
      token: ownerToken,
      params: { id: project.id },
      rawBody: "{",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
  });

  it(`stops at ${MAX_PAGES_PER_PROJECT} pages with 422`, async () => {
    const project = await publishedProject();
    await db.projectPage.createMany({
      data: Array.from({ length: MAX_PAGES_PER_PROJECT }, (_, index) => ({
        projectId: project.id,
        slug: `p${index}`,
        title: `P${index}`,
        body: "",
      })),
    });
    const response = await call(pagesRoute.POST, "POST", "/", { token: ownerToken, params: { id: project.id }, body: page() });
    expect(response.status).toBe(422);
    expect(response.json!.code).toBe("page_limit");
  });

  it("pages through the list in order with a cursor", async () => {
    const project = await publishedProject();
    await db.projectPage.createMany({
      data: ["e", "d", "c", "b", "a"].map((slug, index) => ({ projectId: project.id, slug, title: slug, body: "", position: index % 2 })),
    });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response: Awaited<ReturnType<typeof call>> = await call(
        pagesRoute.GET,
        "GET",
        `/?limit=2${cursor ? `&cursor=${cursor}` : ""}`,
        { params: { id: project.id } },
      );
      expect(response.status).toBe(200);
      seen.push(...(response.json!.data as { slug: string }[]).map((item) => item.slug));
      cursor = response.json!.nextCursor as string | null;
    } while (cursor);
    expect(seen).toEqual(["a", "c", "e", "b", "d"]);
    expect((await call(pagesRoute.GET, "GET", "/?cursor=nonsense", { params: { id: project.id } })).status).toBe(400);
  });

  it("are required for review while the module is on", async () => {
    const project = await createProjectFor(owner, { modules: ["PROJECT_PAGES"] });
    const missing = async () =>
      (
        (await call(historyRoute.GET, "GET", "/", { token: ownerToken, params: { id: project.id } })).json!.missing as { path: string }[]
      ).map((item) => item.path);
    expect(await missing()).toContain("pages");
    await call(pagesRoute.POST, "POST", "/", { token: ownerToken, params: { id: project.id }, body: page() });
    expect(await missing()).not.toContain("pages");
  });

  it("keeps the pages while the module is off, and serves them again when it is back", async () => {
    const project = await publishedProject();
    await call(pagesRoute.POST, "POST", "/", { token: ownerToken, params: { id: project.id }, body: page() });
    await db.project.update({ where: { id: project.id }, data: { modules: ["MESSAGES"] } });
    expect(
      (await call(pageRoute.GET, "GET", "/", { token: ownerToken, params: { id: project.id, pageSlug: "getting-started" } })).status,
    ).toBe(404);
    await db.project.update({ where: { id: project.id }, data: { modules: ["PROJECT_PAGES"] } });
    expect((await call(pageRoute.GET, "GET", "/", { params: { id: project.id, pageSlug: "getting-started" } })).status).toBe(200);
  });
});

describe("announcements", () => {
  async function postAnnouncement(projectId: string, token: string, body: { title: string; body: string }) {
    const posted = await call(messagesRoute.POST, "POST", "/", { token, params: { id: projectId }, body });
    expect(posted.status).toBe(201);
    return posted.json! as { id: string; version: number };
  }

  it("posts, lists newest first with pagination, notifies the other active members and deletes", async () => {
    const project = await publishedProject();
    const posted = [];
    for (const title of ["First", "Second", "Third"]) {
      const response = await call(messagesRoute.POST, "POST", "/", {
        token: moderatorToken,
        params: { id: project.id },
        body: { title, body: `About **${title}** <script>alert(1)</script>` },
      });
      expect(response.status).toBe(201);
      posted.push(response.json!);
    }
    expect(posted[0].html).toBe("<p>About <strong>First</strong> </p>\n");
    expect(posted[0].author).toMatchObject({ id: moderator.id, username: moderator.username });

    const first = await call(messagesRoute.GET, "GET", "/?limit=2", { params: { id: project.id } });
    expect((first.json!.data as { title: string }[]).map((message) => message.title)).toEqual(["Third", "Second"]);
    const second = await call(messagesRoute.GET, "GET", `/?limit=2&cursor=${first.json!.nextCursor}`, { params: { id: project.id } });
    expect((second.json!.data as { title: string }[]).map((message) => message.title)).toEqual(["First"]);
    expect(second.json!.nextCursor).toBeNull();

    const notified = await db.notification.findMany({ where: { kind: "message.new", title: `${project.name}: First` } });
    expect(notified.map((row) => row.userId).sort()).toEqual([owner.id, member.id].sort());
    expect(notified[0].link).toBe(`/projects/${project.slug}#announcement-${posted[0].id}`);

    const removed = await call(messageRoute.DELETE, "DELETE", "/", {
      token: ownerToken,
      params: { id: project.id, messageId: posted[1].id as string },
    });
    expect(removed.status).toBe(204);
    expect(
      (await call(messageRoute.DELETE, "DELETE", "/", { token: ownerToken, params: { id: project.id, messageId: posted[1].id as string } }))
        .status,
    ).toBe(404);
    const audit = await db.auditEntry.findMany({ where: { projectId: project.id, targetType: "message" } });
    expect(audit.map((entry) => entry.action).sort()).toEqual(["message.create", "message.create", "message.create", "message.delete"]);
  });

  it("edits an announcement at the version it was read with: If-Match required, a stale one refused, audited, nobody notified again", async () => {
    const project = await publishedProject();
    const { id, version } = await postAnnouncement(project.id, moderatorToken, { title: "Winter", body: "The **winter** update." });
    const edit = (ifMatch: string | undefined, body: Record<string, unknown>, token = ownerToken) =>
      call(messageRoute.PUT, "PUT", "/", {
        token,
        params: { id: project.id, messageId: id },
        headers: ifMatch ? { "if-match": ifMatch } : {},
        body,
      });
    const notifications = await db.notification.count({ where: { kind: "message.new" } });

    expect((await edit(undefined, { title: "Winter", body: "Fixed." })).status).toBe(428);
    const edited = await edit(`"v${version}"`, { title: "Winter (fixed)", body: "The _winter_ update, with snow." });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({
      id,
      title: "Winter (fixed)",
      html: "<p>The <em>winter</em> update, with snow.</p>\n",
      author: { id: moderator.id },
    });
    const newVersion = edited.json!.version as number;
    expect(newVersion).not.toBe(version);
    expect(edited.headers.get("etag")).toBe(`"v${newVersion}"`);
    // The version it was read with is stale now; the list shows the new text with the new version.
    expect((await edit(`"v${version}"`, { title: "Lost", body: "Overwritten?" })).status).toBe(412);
    const listed = await call(messagesRoute.GET, "GET", "/", { params: { id: project.id } });
    expect(listed.json!.data).toMatchObject([{ id, title: "Winter (fixed)", version: newVersion }]);
    expect(await db.notification.count({ where: { kind: "message.new" } })).toBe(notifications);

    const audit = await db.auditEntry.findFirstOrThrow({ where: { targetId: id, action: "message.update" } });
    expect(audit.changes).toMatchObject({ title: { before: "Winter", after: "Winter (fixed)" }, body: {} });
    expect(await db.event.count({ where: { projectId: project.id, type: "message.updated" } })).toBe(1);
  });

  it("refuses an edit with bad fields, and one through another project", async () => {
    const project = await publishedProject();
    const other = await publishedProject();
    const { id, version } = await postAnnouncement(other.id, ownerToken, { title: "Hi", body: "There" });
    const edit = (projectId: string, body: Record<string, unknown>) =>
      call(messageRoute.PUT, "PUT", "/", {
        token: ownerToken,
        params: { id: projectId, messageId: id },
        headers: { "if-match": `"v${version}"` },
        body,
      });
    expect((await edit(other.id, { title: " ", body: "x" })).status).toBe(400);
    expect((await edit(project.id, { title: "Taken over", body: "x" })).status).toBe(404);
    expect(await db.projectMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({ title: "Hi", body: "There" });
  });

  it("cannot delete another project's announcement through this project", async () => {
    const project = await publishedProject();
    const other = await publishedProject();
    const posted = await call(messagesRoute.POST, "POST", "/", {
      token: ownerToken,
      params: { id: other.id },
      body: { title: "Hi", body: "There" },
    });
    expect(
      (
        await call(messageRoute.DELETE, "DELETE", "/", {
          token: ownerToken,
          params: { id: project.id, messageId: posted.json!.id as string },
        })
      ).status,
    ).toBe(404);
    expect(await db.projectMessage.count({ where: { id: posted.json!.id as string } })).toBe(1);
  });

  const BAD: [string, unknown][] = [
    ["an empty body", {}],
    ["an empty title", { title: " ", body: "x" }],
    ["an empty text", { title: "x", body: "  " }],
    ["a title that is too long", { title: "t".repeat(121), body: "x" }],
    ["a text that is too long", { title: "x", body: "b".repeat(5001) }],
    ["an unknown field", { title: "x", body: "y", authorId: "someone" }],
  ];
  it.each(BAD)("refuses %s with 400", async (_, body) => {
    const project = await publishedProject();
    const response = await call(messagesRoute.POST, "POST", "/", { token: ownerToken, params: { id: project.id }, body });
    expect(response.status).toBe(400);
    expect(await db.projectMessage.count({ where: { projectId: project.id } })).toBe(0);
  });

  it("replays a create with the same Idempotency-Key", async () => {
    const project = await publishedProject();
    const send = () =>
      call(messagesRoute.POST, "POST", "/", {
        token: ownerToken,
        params: { id: project.id },
        headers: { "idempotency-key": `msg-${project.id}` },
        body: { title: "Once", body: "Only once" },
      });
    const [a, b] = [await send(), await send()];
    expect(a.status).toBe(201);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(await db.projectMessage.count({ where: { projectId: project.id } })).toBe(1);
  });
});

describe("support links", () => {
  async function putLinks(projectId: string, supportLinks: unknown) {
    const current = await call(settingsRoute.GET, "GET", "/", { token: ownerToken, params: { id: projectId } });
    const settings = current.json!.settings as Record<string, unknown>;
    return call(settingsRoute.PUT, "PUT", "/", {
      token: ownerToken,
      params: { id: projectId },
      headers: { "if-match": current.headers.get("etag")! },
      body: { visibility: "PUBLIC", settings: { ...settings, supportLinks } },
    });
  }

  it("labels known platforms and shows others as plain links", async () => {
    const project = await publishedProject();
    const saved = await putLinks(project.id, [
      { url: "https://www.patreon.com/skyforge" },
      { url: "https://ko-fi.com/skyforge" },
      { url: "https://github.com/sponsors/skyforge" },
      { label: "Our shop", url: "https://shop.example.org/support" },
      { url: "https://github.com/skyforge" },
    ]);
    expect(saved.status).toBe(200);
    const links = await call(supportRoute.GET, "GET", "/", { params: { id: project.id } });
    expect(links.status).toBe(200);
    expect(links.json!.data).toEqual([
      { label: "Patreon", url: "https://www.patreon.com/skyforge", platform: "PATREON" },
      { label: "Ko-fi", url: "https://ko-fi.com/skyforge", platform: "KO_FI" },
      { label: "GitHub Sponsors", url: "https://github.com/sponsors/skyforge", platform: "GITHUB_SPONSORS" },
      { label: "Our shop", url: "https://shop.example.org/support", platform: null },
      { label: "github.com", url: "https://github.com/skyforge", platform: null },
    ]);
  });

  const BAD: [string, unknown][] = [
    ["an http:// link", [{ url: "http://patreon.com/skyforge" }]],
    ["a javascript: link", [{ url: "javascript:alert(1)" }]],
    ["a data: link", [{ url: "data:text/html,hi" }]],
    ["a link with a password", [{ url: "https://user:secret@ko-fi.com/x" }]],
    ["a look-alike host without https", [{ url: "patreon.com/x" }]],
    ["an empty address", [{ label: "x", url: "" }]],
    ["a very long address", [{ url: `https://ko-fi.com/${"x".repeat(500)}` }]],
    ["a very long label", [{ label: "l".repeat(41), url: "https://ko-fi.com/x" }]],
    ["the same link twice", [{ url: "https://ko-fi.com/x" }, { url: "https://ko-fi.com/x" }]],
    ["six links", Array.from({ length: 6 }, (_, index) => ({ url: `https://ko-fi.com/x${index}` }))],
    ["an unknown field", [{ url: "https://ko-fi.com/x", icon: "<svg>" }]],
  ];
  it.each(BAD)("refuses %s with 400", async (_, links) => {
    const project = await publishedProject();
    const response = await putLinks(project.id, links);
    expect(response.status).toBe(400);
  });

  it("does not take a look-alike host for a platform", async () => {
    const project = await publishedProject();
    await putLinks(project.id, [{ url: "https://patreon.com.evil.example/x" }, { url: "https://notpatreon.com/x" }]);
    const links = await call(supportRoute.GET, "GET", "/", { params: { id: project.id } });
    expect((links.json!.data as { platform: string | null }[]).map((link) => link.platform)).toEqual([null, null]);
  });
});
