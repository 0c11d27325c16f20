/**
 * The cross-tenant table for the portal's project pages: each kind of user against demo
 * projects in different states, with the outcome the permission rules give (over HTTP: the
 * browser crawl of the same pages, for axe, layout and client messages, is e2e/accessibility.spec.ts).
 */
import type { Browser, BrowserContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signedInPage } from "./header";
import { ACTORS, expected, PAGES, PROJECTS, type ActorName, type ProjectName } from "./portal-table";

/** A browser of its own, signed in as `login` (a visitor's when null): its `request` carries the cookies. */
async function signedIn(browser: Browser, login: string | null): Promise<BrowserContext> {
  if (!login) return browser.newContext();
  const page = await signedInPage(browser, login);
  await page.close();
  return page.context();
}

for (const actorName of Object.keys(ACTORS) as ActorName[]) {
  test(`project pages answer ${actorName} as the rules say`, async ({ browser }) => {
    const context = await signedIn(browser, ACTORS[actorName].login);
    const request = context.request;
    const outcomes: string[] = [];
    const wanted: string[] = [];
    for (const projectName of Object.keys(PROJECTS) as ProjectName[]) {
      for (const page of PAGES) {
        const response = await request.get(`/projects/${PROJECTS[projectName].slug}${page.path}`, { maxRedirects: 0 });
        // What the page shows, not the scripts: those carry the client components' messages, the
        // "your role does not allow" notice's among them.
        const html = response.status() === 200 ? (await response.text()).replace(/<script\b[\s\S]*?<\/script>/g, "") : "";
        const outcome =
          response.status() === 404
            ? "404"
            : response.status() >= 300 && response.status() < 400 && (response.headers().location ?? "").includes("/sign-in")
              ? "sign-in"
              : html.includes("does not allow you to")
                ? "denied"
                : new RegExp(page.marker).test(html)
                  ? "ok"
                  : `unexpected ${response.status()}`;
        outcomes.push(`${projectName}${page.path || "/"}: ${outcome}`);
        wanted.push(`${projectName}${page.path || "/"}: ${expected(actorName, projectName, page)}`);
      }
    }
    expect(outcomes).toEqual(wanted);

    const directory = await (await request.get("/projects?limit=100")).text();
    // "My projects" shows exactly one's own teams; "Create project" offers the form only with projects.create.
    const mine = await request.get("/my-projects", { maxRedirects: 0 });
    const newProject = await request.get("/projects/new", { maxRedirects: 0 });
    const myApplications = await request.get("/my-applications", { maxRedirects: 0 });
    if (!ACTORS[actorName].login) {
      expect([mine.status(), newProject.status(), myApplications.status()]).toEqual([307, 307, 307]);
    } else {
      expect(await myApplications.text()).toContain("My applications");
      const html = await mine.text();
      for (const [projectName, project] of Object.entries(PROJECTS) as [ProjectName, (typeof PROJECTS)[ProjectName]][]) {
        const own = Boolean((ACTORS[actorName].role as Partial<Record<ProjectName, string>>)[projectName]);
        expect(html.includes(`/projects/${project.slug}"`), `${projectName} in my projects of ${actorName}`).toBe(own);
      }
      expect((await newProject.text()).includes('aria-label="New project"'), `create form for ${actorName}`).toBe(
        ACTORS[actorName].creates,
      );
    }

    // The directory lists what GET /projects lists: released public projects, plus one's own, plus everything for staff.
    for (const [projectName, project] of Object.entries(PROJECTS) as [ProjectName, (typeof PROJECTS)[ProjectName]][]) {
      const actor = ACTORS[actorName];
      const mine = Boolean((actor.role as Partial<Record<ProjectName, string>>)[projectName]) || "staff" in actor;
      // Anonymous visitors reach an APPLICATION_ONLY project through sign-in (?next=%2Fprojects%2F...).
      expect(new RegExp(`(/|%2F)projects(/|%2F)${project.slug}"`).test(directory), `${projectName} listed for ${actorName}`).toBe(
        project.listed || mine,
      );
    }
    await context.close();
  });
}

// Each page sends the browser only the namespaces its client components use (docs/i18n.md): the
// no-op page and the home page carry no management message, which the management pages do.
test("pages outside an area carry none of its messages", async ({ browser }) => {
  const onlyManage = "Each role is a set of project permissions";
  const anonymous = await browser.newContext();
  for (const path of ["/ping", "/"]) {
    const html = await (await anonymous.request.get(path)).text();
    expect(html, path).toContain("siteName");
    expect(html, path).not.toContain(onlyManage);
  }
  const owner = await signedIn(browser, ACTORS.owner.login);
  expect(await (await owner.request.get("/ping")).text()).not.toContain(onlyManage);
  expect(await (await owner.request.get(`/projects/${PROJECTS.skyforge.slug}/manage`)).text()).toContain(onlyManage);
  await Promise.all([anonymous.close(), owner.close()]);
});
