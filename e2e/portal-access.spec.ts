/**
 * The cross-tenant table for the portal's project pages: each kind of user against demo
 * projects in different states, with the outcome the permission rules give.
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectSignedIn, signInPage } from "./header";
import { ACTORS, expected, PAGES, pagesOf, PROJECTS, type ActorName, type ProjectName } from "./portal-table";

async function signedIn(browser: Browser, login: string | null): Promise<BrowserContext> {
  const context = await browser.newContext();
  if (login) {
    const page = await context.newPage();
    await signInPage(page, login);
    await expectSignedIn(page);
    await page.close();
  }
  return context;
}

/** Opens `path` and waits until its scripts have run and the browser is idle: hydrated, so a missing message has been logged. */
async function loaded(page: Page, path: string) {
  await page.goto(path, { waitUntil: "load" });
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })));
}

/**
 * The pages of the actor's table plus the pages outside it that have client components, with
 * each staff list's first detail page. Each opens in the browser: a client component whose
 * namespace its layout does not give (lib/i18n/client-messages.ts) logs MISSING_MESSAGE when it
 * hydrates. Returns those console messages, with the page.
 */
async function intlErrorsOn(context: BrowserContext, actorName: ActorName): Promise<string[]> {
  const signedInPages = ["/account", "/account/security", "/notifications"];
  const anonymousPages = ["/sign-up", "/forgot-password", "/reset-password?token=not-a-token", "/verify-email?token=not-a-token"];
  const paths = [...pagesOf(actorName), ...(ACTORS[actorName].login ? signedInPages : anonymousPages)];
  const errors: string[] = [];
  const page = await context.newPage();
  page.on("console", (message) => {
    if (/MISSING_MESSAGE|IntlError/.test(message.text())) errors.push(`${page.url()}: ${message.text().split("\n")[0]}`);
  });
  for (const path of paths) {
    await loaded(page, path);
    // The detail pages of the staff lists (a review, a user) need an id: the first the list links to.
    for (const detail of ["/review/", "/admin/users/"]) {
      const link = page.locator(`main a[href^="${detail}"]`).first();
      if (path === detail.slice(0, -1) && (await link.count())) {
        await loaded(page, (await link.getAttribute("href"))!);
      }
    }
  }
  await page.close();
  return errors;
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

  test(`the pages of ${actorName} have every message their client components need`, async ({ browser }) => {
    // About twenty pages in a browser, each until the network is idle.
    test.setTimeout(180_000);
    const context = await signedIn(browser, ACTORS[actorName].login);
    expect(await intlErrorsOn(context, actorName)).toEqual([]);
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
