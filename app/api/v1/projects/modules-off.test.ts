/**
 * A module that is off has no effect (DESIGN §4): for every module, a published project holds data
 * of every module, the one module is switched off, and nothing of it shows or counts anywhere.
 * - API: every operation of the module (GET with real ids, writes with valid bodies) answers 404 to
 *   the Owner; the launcher list and manifest leave the project's module out.
 * - Portal: the functions the project page and the manage area call (page navigation,
 *   announcements, support links, the application panel, the manage tabs) give nothing of it.
 * - Review completeness asks nothing of it; the home page's ranking does not count its downloads.
 */
import { describe, expect, it } from "vitest";
import { OPERATIONS } from "@/lib/api/registry";
import { applicationPanel } from "@/lib/applications/service";
import { actorFromUser } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { latestMessages } from "@/lib/messages/service";
import { pageNavigation } from "@/lib/pages/service";
import { visibleManageTabs } from "@/lib/portal/project-page";
import { inProject } from "@/lib/projects/access";
import { MODULE_NAMES, type ProjectModuleName } from "@/lib/projects/schemas";
import { featuredProjects } from "@/lib/projects/showcase";
import { supportLinksOf } from "@/lib/projects/support";
import { missingForReview } from "@/lib/reviews/completeness";
import {
  createDownload,
  createPartner,
  createProjectFor,
  createRelease,
  createUser,
  enableLauncher,
  tokenFor,
} from "@/lib/testing/factories";
import { inProcessFetch } from "@/lib/testing/in-process";

/** The paths of each module's operations. */
const MODULE_PATHS: Record<Exclude<ProjectModuleName, "HOSTING">, RegExp> = {
  APPLICATIONS: /^\/api\/v1\/projects\/\{id\}\/applications/,
  DOWNLOADS: /^\/api\/v1\/projects\/\{id\}\/(releases|files)/,
  LAUNCHER: /^\/api\/v1\/(projects\/\{id\}\/launcher|launcher\/projects\/\{id\})/,
  PROJECT_PAGES: /^\/api\/v1\/projects\/\{id\}\/pages/,
  MESSAGES: /^\/api\/v1\/projects\/\{id\}\/messages/,
  CREATOR_SUPPORT: /^\/api\/v1\/projects\/\{id\}\/support-links/,
};
const MODULES = Object.keys(MODULE_PATHS) as (keyof typeof MODULE_PATHS)[];

/** Valid bodies for the writes, so that a 404 is the module's answer and not a 400 for the body. */
const BODIES: Record<string, unknown> = {
  "POST /api/v1/projects/{id}/applications": { message: "Let me in" },
  "POST /api/v1/projects/{id}/applications/{applicationId}/decision": { decision: "REJECT" },
  "POST /api/v1/projects/{id}/releases": { version: "9.9.9", title: "New", changelog: "", channel: "STABLE" },
  "PATCH /api/v1/projects/{id}/releases/{releaseId}": { title: "Renamed" },
  "PUT /api/v1/projects/{id}/launcher": {
    offerInstall: true,
    offerUpdate: true,
    offerRepair: true,
    offerGameStart: true,
    offerVersions: true,
    launchSettings: { executable: "bin/game" },
  },
  "POST /api/v1/projects/{id}/pages": { slug: "more", title: "More", body: "Text" },
  "PUT /api/v1/projects/{id}/pages/{pageSlug}": { slug: "rules", title: "Rules", body: "Changed" },
  "POST /api/v1/projects/{id}/messages": { title: "News", body: "Text" },
  "PUT /api/v1/projects/{id}/messages/{messageId}": { title: "News", body: "Edited" },
};

/** Query strings the writes need; the file upload is bytes. */
const QUERIES: Record<string, string> = { "POST /api/v1/projects/{id}/files": "?name=walk.bin" };
BODIES["POST /api/v1/projects/{id}/files"] = new Uint8Array([1, 2, 3]);

/** A published PUBLIC project with data of every module (written as the module's services would leave it), `off` switched off. */
async function projectWith(off: ProjectModuleName) {
  const owner = await createPartner();
  // Turning Downloads off takes Launcher integration with it (the launcher installs the downloads).
  const modules = MODULE_NAMES.filter(
    (module) => module !== off && module !== "HOSTING" && !(off === "DOWNLOADS" && module === "LAUNCHER"),
  );
  const project = await createProjectFor(owner, { status: "PUBLISHED", modules: [...MODULE_NAMES.filter((m) => m !== "HOSTING")] });
  const applicant = await createUser();
  const application = await db.application.create({ data: { projectId: project.id, userId: applicant.id, message: "Please" } });
  await enableLauncher(project.id);
  const release = await createRelease(project.id);
  const file = await createDownload(project.id, {
    releaseId: release.id,
    fileName: "game.zip",
    contentType: "application/zip",
    size: 10n,
    downloadCount: 1,
  });
  await db.projectPage.create({ data: { projectId: project.id, slug: "rules", title: "Rules", body: "Be kind", position: 0 } });
  const message = await db.projectMessage.create({ data: { projectId: project.id, authorId: owner.id, title: "Hello", body: "Out now" } });
  await db.project.update({
    where: { id: project.id },
    data: {
      modules,
      trusted: true,
      // Published long ago: among projects of one member it comes last, so only its downloads could rank it first.
      publishedAt: new Date("2001-01-01T00:00:00Z"),
      settings: { applicationsOpen: true, supportLinks: [{ label: "Ko-fi", url: "https://ko-fi.com/walk" }] },
    },
  });
  const ids: Record<string, string> = {
    id: project.id,
    applicationId: application.id,
    releaseId: release.id,
    fileId: file.id,
    pageSlug: "rules",
    messageId: message.id,
  };
  return { owner, project: await db.project.findUniqueOrThrow({ where: { id: project.id } }), ids, applicant };
}

async function request(method: string, path: string, token: string, body?: unknown) {
  const bytes = body instanceof Uint8Array;
  const response = await inProcessFetch(`http://127.0.0.1:3000${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": bytes ? "application/octet-stream" : "application/json" }),
      "if-match": '"v1"',
    },
    body: body === undefined ? undefined : bytes ? (body as Uint8Array<ArrayBuffer>) : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

describe.each(MODULES)("with %s off", (module) => {
  it("answers 404 to every operation of the module, for the Owner", async () => {
    const { owner, ids } = await projectWith(module);
    const token = await tokenFor(owner.id);
    const operations = OPERATIONS.filter((operation) => MODULE_PATHS[module].test(operation.path));
    expect(operations.length).toBeGreaterThan(0);
    for (const operation of operations) {
      const key = `${operation.method} ${operation.path}`;
      const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name]!) + (QUERIES[key] ?? "");
      const body = operation.method === "GET" || operation.method === "DELETE" ? undefined : (BODIES[key] ?? {});
      const answer = await request(operation.method, path, token, body);
      expect(answer.status, `${key}: ${answer.text}`).toBe(404);
    }
  });

  it("leaves the module out of the launcher, the project page, the manage area, the review and the ranking", async () => {
    const { owner, project, ids, applicant } = await projectWith(module);
    const ownerActor = actorFromUser(owner);
    const ownerContext = await inProject(ownerActor, project.id);
    const visitorContext = await inProject(null, project.id);
    const applicantContext = await inProject(actorFromUser(applicant), project.id);

    // Launcher: the list offers the project only with LAUNCHER on; its manifest has files only with DOWNLOADS on.
    const applicantToken = await tokenFor(applicant.id);
    let offered = false;
    let cursor: string | null = "";
    // Newest first, so the project is on the first page unless other tests made a hundred since.
    for (let page = 0; page < 50 && !offered && cursor !== null; page++) {
      const answer = JSON.parse(
        (await request("GET", `/api/v1/launcher/projects?limit=100${cursor ? `&cursor=${cursor}` : ""}`, applicantToken)).text,
      ) as { data: { id: string }[]; nextCursor: string | null };
      offered = answer.data.some((item) => item.id === project.id);
      cursor = answer.nextCursor;
    }
    expect(offered).toBe(module !== "LAUNCHER" && module !== "DOWNLOADS");
    if (module === "MESSAGES" || module === "PROJECT_PAGES" || module === "CREATOR_SUPPORT" || module === "APPLICATIONS") {
      const manifest = JSON.parse((await request("GET", `/api/v1/launcher/projects/${ids.id}/manifest`, applicantToken)).text);
      expect(manifest.current.files.map((file: { id: string }) => file.id)).toEqual([ids.fileId]);
    }

    // The project page and the manage area.
    if (module === "PROJECT_PAGES") expect(await pageNavigation(visitorContext)).toEqual([]);
    if (module === "MESSAGES") expect((await latestMessages(visitorContext, { limit: 5 })).data).toEqual([]);
    if (module === "CREATOR_SUPPORT") expect(supportLinksOf(visitorContext)).toEqual([]);
    if (module === "APPLICATIONS") expect(await applicationPanel(actorFromUser(applicant), applicantContext)).toBeNull();
    const tabs = visibleManageTabs({ actor: ownerActor, project: ownerContext.project, access: ownerContext.access }).map((tab) => tab.key);
    const tabsOf: Record<string, string[]> = {
      APPLICATIONS: ["applications"],
      DOWNLOADS: ["releases", "files", "launcher"],
      LAUNCHER: ["launcher"],
      PROJECT_PAGES: ["pages"],
      MESSAGES: ["messages"],
      CREATOR_SUPPORT: [],
    };
    for (const tab of tabsOf[module]!) expect(tabs).not.toContain(tab);

    // Review completeness asks only what the modules that are on need: none of it set up here.
    const bare = { ...project, logoUrl: "/logo.png", description: "A description that is long enough to pass.", settings: {} };
    const missing = missingForReview(bare, { launcherConfigured: false, pageCount: 0 }).map((item) => item.path);
    const needs: [ProjectModuleName, string][] = [
      ["LAUNCHER", "launcher"],
      ["PROJECT_PAGES", "pages"],
      ["CREATOR_SUPPORT", "settings.supportLinks"],
    ];
    expect(missing).toEqual(needs.filter(([needing]) => project.modules.includes(needing)).map(([, path]) => path));

    // Ranking: its download would put it among the downloaded ones, before every project without one. Off, it
    // counts for nothing: it ranks after a project like it (one member, no downloads) published a day later.
    if (module === "DOWNLOADS") {
      const control = await createProjectFor(owner, { status: "PUBLISHED", modules: ["DOWNLOADS"] });
      await db.project.update({ where: { id: control.id }, data: { publishedAt: new Date("2001-01-02T00:00:00Z") } });
      const featured = (await featuredProjects(1000)).map((view) => view.id);
      expect(featured.indexOf(control.id)).toBeGreaterThanOrEqual(0);
      expect(featured.indexOf(project.id)).toBeGreaterThan(featured.indexOf(control.id));
    }
  });
});
