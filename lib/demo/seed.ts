import { hashPassword } from "../auth/passwords";
import { recordAudit, SYSTEM } from "../audit-log/record";
import { db } from "../db/client";
import { actorFromUser, type RequestMeta } from "../auth/actor";
import { addMember } from "../members/service";
import { applyToProject, decideApplication } from "../applications/service";
import type { DefaultRoleKey, PartnerStatus, PlatformRole, ProjectStatus, ProjectVisibility } from "../permissions";
import { postMessage } from "../messages/service";
import type { PageInput } from "../pages/schemas";
import { createPage } from "../pages/service";
import { createProjectSchema } from "../projects/schemas";
import { createProject } from "../projects/service";
import type { SupportLink } from "../projects/support-links";
import { projectSlug } from "../projects/slug";
import { seedDemoReleases } from "./releases";

/** Every demo account signs in with this password (README lists the accounts). */
export const DEMO_PASSWORD = "demo passphrase";

const USERS: { username: string; displayName: string; roles: PlatformRole[]; partnerStatus: PartnerStatus }[] = [
  { username: "lena.lead", displayName: "Lena (Project lead)", roles: ["USER", "PROJECT_LEAD"], partnerStatus: "NONE" },
  { username: "tom.teamlead", displayName: "Tom (Team lead)", roles: ["USER", "TEAM_LEAD"], partnerStatus: "NONE" },
  { username: "sam.support", displayName: "Sam (Support)", roles: ["USER", "SUPPORT"], partnerStatus: "NONE" },
  { username: "dana.dev", displayName: "Dana (Developer)", roles: ["USER", "DEVELOPER"], partnerStatus: "NONE" },
  { username: "pia.partner", displayName: "Pia (Partner)", roles: ["USER", "PARTNER"], partnerStatus: "ACTIVE" },
  { username: "paul.partner", displayName: "Paul (Partner)", roles: ["USER", "PARTNER"], partnerStatus: "ACTIVE" },
  { username: "sid.suspended", displayName: "Sid (suspended partner)", roles: ["USER", "PARTNER"], partnerStatus: "SUSPENDED" },
  { username: "max.member", displayName: "Max (team member)", roles: ["USER"], partnerStatus: "NONE" },
  { username: "ulla.user", displayName: "Ulla (User)", roles: ["USER"], partnerStatus: "NONE" },
  { username: "alex.applicant", displayName: "Alex (accepted applicant)", roles: ["USER"], partnerStatus: "NONE" },
];

const PROJECTS: {
  name: string;
  game: string;
  category: string;
  description: string;
  status: ProjectStatus;
  visibility: ProjectVisibility;
  owner: string;
  members: [string, DefaultRoleKey][];
}[] = [
  {
    name: "Skyforge Survival",
    game: "Minecraft",
    category: "Server",
    description: "A survival server with floating islands and a player-run economy.",
    status: "PUBLISHED",
    visibility: "PUBLIC",
    owner: "pia.partner",
    members: [["max.member", "MODERATOR"]],
  },
  {
    name: "Nebula Racing League",
    game: "Trackmania",
    category: "Community",
    description: "Weekly races and a season ladder.",
    status: "DRAFT",
    visibility: "PUBLIC",
    owner: "pia.partner",
    members: [["max.member", "TESTER"]],
  },
  {
    name: "Orbit Modpack",
    game: "Minecraft",
    category: "Modpack",
    description: "A space-themed modpack for tech players.",
    status: "IN_REVIEW",
    visibility: "APPLICATION_ONLY",
    owner: "paul.partner",
    members: [],
  },
  {
    name: "Ironclad Tactics",
    game: "Arma 3",
    category: "Mod",
    description: "Realistic naval warfare mod, invite only.",
    status: "PUBLISHED",
    visibility: "PRIVATE",
    owner: "paul.partner",
    members: [],
  },
  {
    name: "Starlight Roleplay",
    game: "GTA V",
    category: "Server",
    description: "A roleplay city; players join by application.",
    status: "PUBLISHED",
    visibility: "APPLICATION_ONLY",
    owner: "paul.partner",
    members: [],
  },
];

/** Applications to look at: pending, accepted and rejected, made and decided through the service. */
const APPLICATIONS: {
  project: string;
  applicant: string;
  message: string;
  asks?: DefaultRoleKey;
  decision?: { by: string; decision: "ACCEPT" | "REJECT"; role?: DefaultRoleKey; reason?: string };
}[] = [
  {
    project: "Skyforge Survival",
    applicant: "ulla.user",
    message: "I play every evening and would love to test new islands.",
    asks: "TESTER",
  },
  {
    project: "Skyforge Survival",
    applicant: "alex.applicant",
    message: "Builder with three years on survival servers.",
    decision: { by: "pia.partner", decision: "ACCEPT", role: "TESTER", reason: "Welcome aboard!" },
  },
  {
    project: "Skyforge Survival",
    applicant: "sid.suspended",
    message: "Let me in.",
    decision: { by: "max.member", decision: "REJECT", reason: "Tell us a little more about yourself and apply again." },
  },
  { project: "Starlight Roleplay", applicant: "dana.dev", message: "I would like to play a mechanic in the city.", asks: "MEMBER" },
];

/** Pages, announcements (by whom) and support links of a published project, for the content modules. */
const CONTENT: Record<
  string,
  { pages: PageInput[]; messages: { by: string; title: string; body: string }[]; supportLinks: SupportLink[] }
> = {
  "Skyforge Survival": {
    pages: [
      {
        slug: "getting-started",
        title: "Getting started",
        position: 0,
        body: "# Welcome to Skyforge\n\n1. Install the modpack from the **Downloads** section.\n2. Join `play.skyforge.example` with the launcher.\n3. Claim your first island with `/island create`.\n\n> New players get a starter kit for their first week.",
      },
      {
        slug: "rules",
        title: "Server rules",
        position: 1,
        body: "## Rules\n\n- Be kind. No harassment, no hate.\n- No cheats, x-ray packs or duplication bugs.\n- Report bugs to the team instead of using them.\n\n| offence | first time | again |\n|---|---|---|\n| griefing | warning | ban |\n| cheating | ban | ban |",
      },
    ],
    messages: [
      {
        by: "pia.partner",
        title: "Season 3 is live",
        body: "New islands, a reworked economy and **weekly events**. See the [getting started](/projects/skyforge-survival/pages/getting-started) page.",
      },
      { by: "max.member", title: "Maintenance on Sunday", body: "The server is down from 06:00 to 07:00 UTC for backups." },
    ],
    supportLinks: [
      { label: "", url: "https://www.patreon.com/skyforge-demo" },
      { label: "", url: "https://ko-fi.com/skyforgedemo" },
      { label: "Server costs", url: "https://opencollective.com/skyforge-demo" },
    ],
  },
};

async function seedContent(
  projectId: string,
  content: (typeof CONTENT)[string],
  owner: Parameters<typeof actorFromUser>[0],
  meta: RequestMeta,
) {
  await db.project.update({ where: { id: projectId }, data: { modules: { push: ["PROJECT_PAGES", "MESSAGES", "CREATOR_SUPPORT"] } } });
  const project = await db.project.findUniqueOrThrow({ where: { id: projectId } });
  await db.project.update({
    where: { id: projectId },
    data: { settings: { ...(project.settings as object), supportLinks: content.supportLinks } },
  });
  for (const page of content.pages) await createPage(actorFromUser(owner), projectId, page, meta);
  for (const message of content.messages) {
    const author = await db.user.findUniqueOrThrow({ where: { usernameKey: message.by } });
    await postMessage(actorFromUser(author), projectId, { title: message.title, body: message.body }, meta);
  }
}

export async function seedDemo(): Promise<string[]> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const lines: string[] = [];
  const ids = new Map<string, string>();
  for (const user of USERS) {
    const row = await db.user.upsert({
      where: { usernameKey: user.username },
      update: {},
      create: {
        username: user.username,
        usernameKey: user.username,
        email: `${user.username}@demo.test`,
        emailVerifiedAt: new Date(),
        displayName: user.displayName,
        passwordHash,
        platformRoles: user.roles,
        partnerStatus: user.partnerStatus,
      },
    });
    ids.set(user.username, row.id);
  }
  lines.push(`${USERS.length} demo accounts; each signs in with its username and "${DEMO_PASSWORD}".`);

  const staff = await db.user.findUniqueOrThrow({ where: { usernameKey: "tom.teamlead" } });
  const seeded: string[] = [];
  for (const project of PROJECTS) {
    if (await db.project.findUnique({ where: { slug: projectSlug(project.name) } })) continue;
    const owner = await db.user.findUniqueOrThrow({ where: { usernameKey: project.owner } });
    const meta = { ip: null, userAgent: "seed:demo", requestId: `seed-${projectSlug(project.name)}` };
    const { name, description, game, category, visibility } = project;
    const input = createProjectSchema.parse({ name, description, game, category, visibility, modules: ["APPLICATIONS", "DOWNLOADS"] });
    const created = await createProject(actorFromUser(owner), input, meta);
    const roles = await db.projectRole.findMany({ where: { projectId: created.id } });
    const roleId = (key: DefaultRoleKey) => roles.find((role) => role.key === key)!.id;
    await db.project.update({
      where: { id: created.id },
      data: {
        settings: {
          applicationsOpen: true,
          applicationPrompt: `What would you like to do in ${project.name}?`,
          offeredRoleIds: [roleId("MEMBER"), roleId("TESTER")],
          supportLinks: [],
          contactEmail: "",
        },
      },
    });
    for (const [username, key] of project.members) {
      await addMember(
        actorFromUser(owner),
        created.id,
        { userId: ids.get(username)!, roleId: roles.find((role) => role.key === key)!.id },
        meta,
      );
    }
    // Demo projects are not complete enough for the submission check, so they are put in their status
    // directly, with the history the workflow would have written.
    if (project.status !== "DRAFT") {
      await db.$transaction(async (tx) => {
        await tx.project.update({
          where: { id: created.id },
          data: { status: project.status, submittedAt: new Date(), publishedAt: project.status === "PUBLISHED" ? new Date() : null },
        });
        await tx.statusTransition.create({ data: { projectId: created.id, from: "DRAFT", to: "IN_REVIEW", actorId: owner.id } });
        if (project.status === "PUBLISHED") {
          await tx.statusTransition.create({
            data: { projectId: created.id, from: "IN_REVIEW", to: "PUBLISHED", actorId: staff.id, reason: "Demo data" },
          });
        }
        await recordAudit(tx, SYSTEM, {
          action: "project.seed_status",
          targetType: "project",
          targetId: created.id,
          projectId: created.id,
          changes: { status: { before: "DRAFT", after: project.status } },
        });
      });
    }
    for (const application of APPLICATIONS.filter((candidate) => candidate.project === project.name)) {
      const applicant = await db.user.findUniqueOrThrow({ where: { usernameKey: application.applicant } });
      const made = await applyToProject(
        actorFromUser(applicant),
        created.id,
        { message: application.message, roleId: application.asks && roleId(application.asks) },
        meta,
      );
      if (application.decision) {
        const decider = await db.user.findUniqueOrThrow({ where: { usernameKey: application.decision.by } });
        const { decision, role, reason } = application.decision;
        const input = decision === "ACCEPT" ? { decision, roleId: role && roleId(role), reason } : { decision, reason };
        await decideApplication(actorFromUser(decider), created.id, made.id, input, meta);
      }
    }
    if (CONTENT[project.name]) await seedContent(created.id, CONTENT[project.name], owner, meta);
    seeded.push(created.id);
  }
  const releases = await seedDemoReleases("skyforge-survival");
  if (releases) lines.push(releases);
  // The demo's published projects count as approved as they are seeded: the content written after
  // their status is not a change for the platform team (their baseline is taken at the first real change).
  await db.reviewBaseline.deleteMany({ where: { projectId: { in: seeded } } });
  lines.push(
    `${PROJECTS.length} demo projects: ${PROJECTS.map((project) => `${project.name} (${project.status}, ${project.visibility})`).join(", ")}.`,
  );
  lines.push(`${APPLICATIONS.length} demo applications (pending, accepted, rejected) to Skyforge Survival and Starlight Roleplay.`);
  lines.push(`Pages, announcements and support links on ${Object.keys(CONTENT).join(", ")}.`);
  return lines;
}
