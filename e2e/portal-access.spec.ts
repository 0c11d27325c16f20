/**
 * The cross-tenant table for the portal's project pages: each kind of user against demo
 * projects in different states, with the outcome the permission rules give.
 */
import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { expectSignedIn } from "./header";

const DEMO_PASSWORD = "demo passphrase";
// From npm run seed:demo: Pia owns Skyforge (published, public, DOWNLOADS and LAUNCHER on) and Nebula (draft); Max is a
// Moderator in Skyforge and Tester in Nebula; Paul owns Ironclad (published, private) and
// Starlight (published, APPLICATION_ONLY: listed, its page only for signed-in users).
const PROJECTS = {
  skyforge: { slug: "skyforge-survival", released: true, private: false, listed: true, applicationOnly: false },
  nebula: { slug: "nebula-racing-league", released: false, private: false, listed: false, applicationOnly: false },
  ironclad: { slug: "ironclad-tactics", released: true, private: true, listed: false, applicationOnly: false },
  starlight: { slug: "starlight-roleplay", released: true, private: false, listed: true, applicationOnly: true },
} as const;
type ProjectName = keyof typeof PROJECTS;

const ACTORS = {
  anonymous: { login: null, role: {}, creates: false },
  outsider: { login: "ulla.user", role: {}, creates: false },
  otherPartner: { login: "paul.partner", role: { ironclad: "OWNER", starlight: "OWNER" }, creates: true },
  member: { login: "max.member", role: { skyforge: "MODERATOR", nebula: "TESTER" }, creates: false },
  owner: { login: "pia.partner", role: { skyforge: "OWNER", nebula: "OWNER" }, creates: true },
  support: { login: "sam.support", role: {}, staff: "readAny", creates: false },
  projectLead: { login: "lena.lead", role: {}, staff: "override", creates: true },
} as const;
type ActorName = keyof typeof ACTORS;

// Which default roles hold the permission each page needs (DESIGN section 4).
const PAGES = [
  { path: "", marker: "Support the creators|No description yet|Manage project|Skyforge|Nebula|Ironclad|Starlight", roles: null },
  { path: "/manage", marker: 'aria-label="Presentation"', roles: ["OWNER", "MANAGER"] },
  { path: "/manage/review", marker: "Review and publication", roles: ["OWNER", "MANAGER", "DEVELOPER", "MODERATOR", "TESTER", "MEMBER"], staffReads: true },
  { path: "/manage/team", marker: "Team members", roles: ["OWNER", "MANAGER", "DEVELOPER", "MODERATOR", "TESTER", "MEMBER"], staffReads: true },
  { path: "/manage/roles", marker: "Each role is a set of project permissions", roles: ["OWNER", "MANAGER", "DEVELOPER", "MODERATOR", "TESTER", "MEMBER"], staffReads: true },
  { path: "/manage/applications", marker: "Pending \\(", roles: ["OWNER", "MANAGER", "MODERATOR"] },
  { path: "/manage/modules", marker: 'aria-label="Modules"', roles: ["OWNER", "MANAGER"] },
  { path: "/manage/settings", marker: 'aria-label="Settings"', roles: ["OWNER", "MANAGER"] },
  { path: "/manage/releases", marker: 'aria-label="New release"', roles: ["OWNER", "MANAGER", "DEVELOPER"] },
  { path: "/manage/files", marker: "Downloads per kind", roles: ["OWNER", "MANAGER", "DEVELOPER"] },
  // The LAUNCHER module is on in Skyforge only: elsewhere the page does not exist.
  { path: "/manage/launcher", marker: 'aria-label="Launcher integration"', roles: ["OWNER", "MANAGER", "DEVELOPER"], onlyIn: ["skyforge"] },
  // The content modules are on in Skyforge only: elsewhere these pages do not exist.
  { path: "/pages/getting-started", marker: "Welcome to Skyforge", roles: null, public: true, onlyIn: ["skyforge"] },
  { path: "/manage/pages", marker: "New page", roles: ["OWNER", "MANAGER", "MODERATOR"], onlyIn: ["skyforge"] },
  { path: "/manage/messages", marker: 'aria-label="New announcement"', roles: ["OWNER", "MANAGER", "MODERATOR"], onlyIn: ["skyforge"] },
] as const;

function expected(actorName: ActorName, projectName: ProjectName, page: (typeof PAGES)[number]): "ok" | "404" | "sign-in" | "denied" {
  const actor = ACTORS[actorName];
  const project = PROJECTS[projectName];
  const role = (actor.role as Partial<Record<ProjectName, string>>)[projectName];
  const staff = "staff" in actor ? actor.staff : undefined;
  const visible = Boolean(role) || Boolean(staff) || (project.released && !project.private && !(project.applicationOnly && !actor.login));
  const moduleOff = "onlyIn" in page && !(page.onlyIn as readonly string[]).includes(projectName);
  if (page.path === "" || "public" in page) return visible && !moduleOff ? "ok" : "404";
  if (!actor.login) return "sign-in";
  if (!visible) return "404";
  if (moduleOff) return "404";
  // Whoever is neither on the team nor staff finds no management area: the not-found page, as in the API.
  if (!role && !staff) return "404";
  if (staff === "override") return "ok";
  if (role && (page.roles as readonly string[]).includes(role)) return "ok";
  if (staff === "readAny" && "staffReads" in page) return "ok";
  return "denied";
}

async function signedInRequest(browser: Browser, login: string | null): Promise<APIRequestContext> {
  const context = await browser.newContext();
  if (login) {
    const page = await context.newPage();
    await page.goto("/sign-in");
    await page.getByLabel("E-mail or username").fill(login);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expectSignedIn(page);
  }
  return context.request;
}

for (const actorName of Object.keys(ACTORS) as ActorName[]) {
  test(`project pages answer ${actorName} as the rules say`, async ({ browser }) => {
    const request = await signedInRequest(browser, ACTORS[actorName].login);
    const outcomes: string[] = [];
    const wanted: string[] = [];
    for (const projectName of Object.keys(PROJECTS) as ProjectName[]) {
      for (const page of PAGES) {
        const response = await request.get(`/projects/${PROJECTS[projectName].slug}${page.path}`, { maxRedirects: 0 });
        // What the page shows, not the scripts: those carry the client components' messages, the
        // "your role does not allow" notice's among them.
        const html = response.status() === 200 ? (await response.text()).replace(/<script\b[\s\S]*?<\/script>/g, "") : "";
        const outcome =
          response.status() === 404 ? "404"
          : response.status() >= 300 && response.status() < 400 && (response.headers()["location"] ?? "").includes("/sign-in") ? "sign-in"
          : html.includes("does not allow you to") ? "denied"
          : new RegExp(page.marker).test(html) ? "ok"
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
      expect((await newProject.text()).includes('aria-label="New project"'), `create form for ${actorName}`).toBe(ACTORS[actorName].creates);
    }

    // The directory lists what GET /projects lists: released public projects, plus one's own, plus everything for staff.
    for (const [projectName, project] of Object.entries(PROJECTS) as [ProjectName, (typeof PROJECTS)[ProjectName]][]) {
      const actor = ACTORS[actorName];
      const mine = Boolean((actor.role as Partial<Record<ProjectName, string>>)[projectName]) || "staff" in actor;
      // Anonymous visitors reach an APPLICATION_ONLY project through sign-in (?next=%2Fprojects%2F...).
      expect(new RegExp(`(/|%2F)projects(/|%2F)${project.slug}"`).test(directory), `${projectName} listed for ${actorName}`).toBe(project.listed || mine);
    }
  });
}
