/**
 * The portal-access table: the demo's kinds of users, its projects in different states, and the
 * project pages with the roles each needs. e2e/portal-access.spec.ts checks every outcome;
 * e2e/accessibility.spec.ts and e2e/screenshots.spec.ts visit the same pages.
 */
export const DEMO_PASSWORD = "demo passphrase";
// From npm run seed:demo: Pia owns Skyforge (published, public, DOWNLOADS and LAUNCHER on) and Nebula (draft); Max is a
// Moderator in Skyforge and Tester in Nebula; Paul owns Ironclad (published, private) and
// Starlight (published, APPLICATION_ONLY: listed, its page only for signed-in users).
export const PROJECTS = {
  skyforge: { slug: "skyforge-survival", released: true, private: false, listed: true, applicationOnly: false },
  nebula: { slug: "nebula-racing-league", released: false, private: false, listed: false, applicationOnly: false },
  ironclad: { slug: "ironclad-tactics", released: true, private: true, listed: false, applicationOnly: false },
  starlight: { slug: "starlight-roleplay", released: true, private: false, listed: true, applicationOnly: true },
} as const;
export type ProjectName = keyof typeof PROJECTS;

export const ACTORS = {
  anonymous: { login: null, role: {}, creates: false },
  outsider: { login: "ulla.user", role: {}, creates: false },
  otherPartner: { login: "paul.partner", role: { ironclad: "OWNER", starlight: "OWNER" }, creates: true },
  member: { login: "max.member", role: { skyforge: "MODERATOR", nebula: "TESTER" }, creates: false },
  owner: { login: "pia.partner", role: { skyforge: "OWNER", nebula: "OWNER" }, creates: true },
  support: { login: "sam.support", role: {}, staff: "readAny", creates: false },
  projectLead: { login: "lena.lead", role: {}, staff: "override", creates: true },
} as const;
export type ActorName = keyof typeof ACTORS;

// Which default roles hold the permission each page needs (DESIGN section 4).
export const PAGES = [
  { path: "", marker: "Support the creators|No description yet|Manage project|Skyforge|Nebula|Ironclad|Starlight", roles: null },
  { path: "/manage", marker: 'aria-label="Presentation"', roles: ["OWNER", "MANAGER"] },
  {
    path: "/manage/review",
    marker: "Review and publication",
    roles: ["OWNER", "MANAGER", "DEVELOPER", "MODERATOR", "TESTER", "MEMBER"],
    staffReads: true,
  },
  {
    path: "/manage/team",
    marker: "Team members",
    roles: ["OWNER", "MANAGER", "DEVELOPER", "MODERATOR", "TESTER", "MEMBER"],
    staffReads: true,
  },
  {
    path: "/manage/roles",
    marker: "Each role is a set of project permissions",
    roles: ["OWNER", "MANAGER", "DEVELOPER", "MODERATOR", "TESTER", "MEMBER"],
    staffReads: true,
  },
  { path: "/manage/applications", marker: "Pending \\(", roles: ["OWNER", "MANAGER", "MODERATOR"] },
  { path: "/manage/modules", marker: 'aria-label="Modules"', roles: ["OWNER", "MANAGER"] },
  { path: "/manage/settings", marker: 'aria-label="Settings"', roles: ["OWNER", "MANAGER"] },
  { path: "/manage/releases", marker: ">New release<", roles: ["OWNER", "MANAGER", "DEVELOPER"] },
  { path: "/manage/files", marker: "Downloads per kind", roles: ["OWNER", "MANAGER", "DEVELOPER"] },
  // The LAUNCHER module is on in Skyforge only: elsewhere the page does not exist.
  { path: "/manage/launcher", marker: 'aria-label="Launcher integration"', roles: ["OWNER", "MANAGER", "DEVELOPER"], onlyIn: ["skyforge"] },
  // The content modules are on in Skyforge only: elsewhere these pages do not exist.
  { path: "/pages/getting-started", marker: "Welcome to Skyforge", roles: null, public: true, onlyIn: ["skyforge"] },
  { path: "/manage/pages", marker: "New page", roles: ["OWNER", "MANAGER", "MODERATOR"], onlyIn: ["skyforge"] },
  { path: "/manage/messages", marker: 'aria-label="New announcement"', roles: ["OWNER", "MANAGER", "MODERATOR"], onlyIn: ["skyforge"] },
] as const;

export function expected(
  actorName: ActorName,
  projectName: ProjectName,
  page: (typeof PAGES)[number],
): "ok" | "404" | "sign-in" | "denied" {
  const actor = ACTORS[actorName];
  const project = PROJECTS[projectName];
  const role = (actor.role as Partial<Record<ProjectName, string>>)[projectName];
  const staff = "staff" in actor ? actor.staff : undefined;
  const visible = Boolean(role) || Boolean(staff) || (project.released && !project.private && !(project.applicationOnly && !actor.login));
  const moduleOff = "onlyIn" in page && !(page.onlyIn as readonly string[]).includes(projectName);
  // A visitor following a link into a listed APPLICATION_ONLY project is asked to sign in (issue 30, item 14).
  if (!actor.login && project.released && !project.private && project.applicationOnly) return "sign-in";
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

/**
 * The pages the table visits as this actor, each page once: every project page in the project
 * where the actor gets the most of it (the page itself, else the "not allowed" page), one
 * not-found and one sign-in outcome, and the lists the table reads (directory, my projects, new
 * project, my applications). Staff also get the staff pages of their menu.
 */
export function pagesOf(actorName: ActorName): string[] {
  const paths = new Set<string>(["/projects"]);
  const projects = Object.keys(PROJECTS) as ProjectName[];
  const seen = new Set<string>();
  for (const page of PAGES) {
    for (const wanted of ["ok", "denied"] as const) {
      const project = projects.find((name) => expected(actorName, name, page) === wanted);
      if (project && !seen.has(page.path)) {
        seen.add(page.path);
        paths.add(`/projects/${PROJECTS[project].slug}${page.path}`);
      }
    }
  }
  const notFound = projects.flatMap((name) =>
    PAGES.filter((page) => expected(actorName, name, page) === "404").map((page) => `/projects/${PROJECTS[name].slug}${page.path}`),
  )[0];
  if (notFound) paths.add(notFound);
  if (ACTORS[actorName].login) {
    for (const path of ["/my-projects", "/projects/new", "/my-applications"]) paths.add(path);
  } else {
    paths.add("/");
    paths.add("/sign-in?next=%2Fprojects%2Fskyforge-survival%2Fmanage");
  }
  const staff = "staff" in ACTORS[actorName] ? ACTORS[actorName].staff : undefined;
  if (staff) for (const path of ["/review", "/admin/users", "/admin/audit", "/api-docs"]) paths.add(path);
  if (staff === "override") paths.add("/admin/outbox");
  return [...paths];
}
