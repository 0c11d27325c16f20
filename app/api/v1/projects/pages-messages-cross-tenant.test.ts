/**
 * Every endpoint of project pages, announcements and support links × every kind of caller × a
 * project in every status and visibility, with the modules on and off. The expected status comes
 * from DESIGN 4 and 8.1, written out below. Calls that succeed are put back, so every row starts
 * from the same state.
 */
import { beforeAll } from "vitest";
import * as messageRoute from "@/app/api/v1/projects/[id]/messages/[messageId]/route";
import * as messagesRoute from "@/app/api/v1/projects/[id]/messages/route";
import * as pageRoute from "@/app/api/v1/projects/[id]/pages/[pageSlug]/route";
import * as pagesRoute from "@/app/api/v1/projects/[id]/pages/route";
import * as supportRoute from "@/app/api/v1/projects/[id]/support-links/route";
import { db } from "@/lib/db/client";
import type { Project } from "@/lib/db/generated/client";
import { messageVersion } from "@/lib/messages/service";
import type { ProjectPermission } from "@/lib/permissions";
import { ANONYMOUS, crossTenantOracle, moduleOn, SIGNED_IN, STAFF_TOKENS, TEAM_TOKENS } from "@/lib/testing/cross-tenant-oracle";
import { createTableCallers, createTableProjects, modulesOnAndOff, runTable, type TableEndpoint } from "@/lib/testing/cross-tenant-table";
import { tokenFor } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";

const CONTENT_MODULES = ["PROJECT_PAGES", "MESSAGES", "CREATOR_SUPPORT"] as const;

// The callers, and the rules as DESIGN states them (lib/testing/cross-tenant-oracle.ts) over them.
const {
  callers: CALLERS,
  visible,
  seesMemberContent,
  write: change,
} = crossTenantOracle({
  ...TEAM_TOKENS,
  anonymous: ANONYMOUS,
  outsider: SIGNED_IN,
  ...STAFF_TOKENS,
});
type Caller = (typeof CALLERS)[number];
/** Pages of APPLICATION_ONLY projects are for members (and staff who see projects as members do). */
const pagesReadable = seesMemberContent;
const modulesOn = (p: Project) => moduleOn(p, "PROJECT_PAGES");

/** A read: 404 when the project, its module or (pages) the content does not exist for the caller. */
function read(caller: Caller, p: Project, readable: (c: Caller, p: Project) => boolean): number {
  if (!readable(caller, p) || !modulesOn(p)) return 404;
  return 200;
}
/** A change: 401 anonymous, 403 for a token without the write scope, then 404 as for reads, then the permission. */
/** Pages are reviewed content: locked while the project is in review (409 `in_review`). */
const unlessInReview = (p: Project, success: number) => (p.status === "IN_REVIEW" ? 409 : success);

function write(
  caller: Caller,
  p: Project,
  readable: (c: Caller, p: Project) => boolean,
  permission: ProjectPermission,
  success: number,
): number {
  return change(caller, read(caller, p, readable) === 200, permission, success);
}

interface Fixture {
  tokens: Partial<Record<Caller, string>>;
  projects: Project[];
  message: Record<string, { id: string; authorId: string }>;
}
const fixture: Fixture = { tokens: {}, projects: [], message: {} };

beforeAll(async () => {
  const callers = await createTableCallers(["moderator", "member", "outsider"] as const);
  const { owner, tokens } = callers;
  fixture.tokens = { ...tokens, readOnlyOwner: await tokenFor(owner.id, ["read"]) };
  fixture.projects = await createTableProjects(callers, {
    variants: modulesOnAndOff(CONTENT_MODULES),
    members: ["moderator", "member"],
    prepare: async (project) => {
      await db.projectPage.create({ data: { projectId: project.id, slug: "welcome", title: "Welcome", body: "Hello" } });
      const message = await db.projectMessage.create({
        data: { projectId: project.id, authorId: owner.id, title: "News", body: "Something happened" },
      });
      fixture.message[project.id] = { id: message.id, authorId: owner.id };
      await db.project.update({
        where: { id: project.id },
        data: { settings: { supportLinks: [{ label: "", url: "https://ko-fi.com/test" }] } },
      });
    },
  });
}, 180_000);

/** The project's "welcome" page at the version it has now (If-Match), for changing or deleting it. */
async function welcomeAsItIs(p: Project) {
  const page = await db.projectPage.findUnique({ where: { projectId_slug: { projectId: p.id, slug: "welcome" } } });
  return { params: { id: p.id, pageSlug: "welcome" }, headers: { "if-match": `"v${page?.version ?? 1}"` } };
}

type Endpoint = TableEndpoint<Caller>;

const PAGE_BODY = { slug: "welcome", title: "Welcome", body: "Hello", position: 0 };

const ENDPOINTS: Endpoint[] = [
  {
    name: "GET /projects/{id}/pages",
    request: (token, p) => call(pagesRoute.GET, "GET", "/", { token, params: { id: p.id } }),
    expected: (c, p) => read(c, p, pagesReadable),
  },
  {
    name: "POST /projects/{id}/pages",
    request: (token, p) => call(pagesRoute.POST, "POST", "/", { token, params: { id: p.id }, body: { ...PAGE_BODY, slug: "new-page" } }),
    expected: (c, p) => write(c, p, pagesReadable, "pages.manage", unlessInReview(p, 201)),
    restore: async (p) => void (await db.projectPage.deleteMany({ where: { projectId: p.id, slug: "new-page" } })),
  },
  {
    name: "GET /projects/{id}/pages/{pageSlug}",
    request: (token, p) => call(pageRoute.GET, "GET", "/", { token, params: { id: p.id, pageSlug: "welcome" } }),
    expected: (c, p) => read(c, p, pagesReadable),
  },
  {
    name: "PUT /projects/{id}/pages/{pageSlug}",
    request: async (token, p) => call(pageRoute.PUT, "PUT", "/", { token, ...(await welcomeAsItIs(p)), body: PAGE_BODY }),
    expected: (c, p) => write(c, p, pagesReadable, "pages.manage", unlessInReview(p, 200)),
  },
  {
    name: "DELETE /projects/{id}/pages/{pageSlug}",
    request: async (token, p) => call(pageRoute.DELETE, "DELETE", "/", { token, ...(await welcomeAsItIs(p)) }),
    expected: (c, p) => write(c, p, pagesReadable, "pages.manage", unlessInReview(p, 204)),
    restore: async (p) => void (await db.projectPage.create({ data: { projectId: p.id, ...PAGE_BODY } })),
  },
  {
    name: "GET /projects/{id}/messages",
    request: (token, p) => call(messagesRoute.GET, "GET", "/", { token, params: { id: p.id } }),
    expected: (c, p) => read(c, p, visible),
  },
  {
    name: "POST /projects/{id}/messages",
    request: (token, p) => call(messagesRoute.POST, "POST", "/", { token, params: { id: p.id }, body: { title: "Hello", body: "World" } }),
    expected: (c, p) => write(c, p, visible, "messages.manage", 201),
    restore: async (p) => void (await db.projectMessage.deleteMany({ where: { projectId: p.id, id: { not: fixture.message[p.id].id } } })),
  },
  {
    name: "PUT /projects/{id}/messages/{messageId}",
    request: async (token, p) => {
      const message = await db.projectMessage.findUniqueOrThrow({ where: { id: fixture.message[p.id].id } });
      return call(messageRoute.PUT, "PUT", "/", {
        token,
        params: { id: p.id, messageId: message.id },
        headers: { "if-match": `"v${messageVersion(message)}"` },
        body: { title: "News", body: "Something happened, edited" },
      });
    },
    expected: (c, p) => write(c, p, visible, "messages.manage", 200),
    restore: async (p) =>
      void (await db.projectMessage.update({
        where: { id: fixture.message[p.id].id },
        data: { title: "News", body: "Something happened" },
      })),
  },
  {
    name: "DELETE /projects/{id}/messages/{messageId}",
    request: (token, p) => call(messageRoute.DELETE, "DELETE", "/", { token, params: { id: p.id, messageId: fixture.message[p.id].id } }),
    expected: (c, p) => write(c, p, visible, "messages.manage", 204),
    restore: async (p) =>
      void (await db.projectMessage.create({
        data: {
          id: fixture.message[p.id].id,
          projectId: p.id,
          authorId: fixture.message[p.id].authorId,
          title: "News",
          body: "Something happened",
        },
      })),
  },
  {
    name: "GET /projects/{id}/support-links",
    request: (token, p) => call(supportRoute.GET, "GET", "/", { token, params: { id: p.id } }),
    expected: (c, p) => read(c, p, visible),
  },
];

runTable(ENDPOINTS, CALLERS, fixture, { across: "status × visibility × module on/off", timeout: 120_000 });
