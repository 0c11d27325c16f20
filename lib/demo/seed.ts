import { hashPassword } from "../auth/passwords";
import { recordAudit, SYSTEM } from "../audit/record";
import { db } from "../db/client";
import type { PartnerStatus, PlatformRole, ProjectStatus, ProjectVisibility } from "../permissions";
import { DEFAULT_PROJECT_ROLES, DEFAULT_ROLE_KEYS } from "../permissions";

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
];

const PROJECTS: {
  slug: string;
  name: string;
  game: string;
  category: string;
  description: string;
  status: ProjectStatus;
  visibility: ProjectVisibility;
  owner: string;
  members: [string, (typeof DEFAULT_ROLE_KEYS)[number]][];
}[] = [
  { slug: "skyforge-survival", name: "Skyforge Survival", game: "Minecraft", category: "Server", description: "A survival server with floating islands and a player-run economy.", status: "PUBLISHED", visibility: "PUBLIC", owner: "pia.partner", members: [["max.member", "MODERATOR"]] },
  { slug: "nebula-racing", name: "Nebula Racing League", game: "Trackmania", category: "Community", description: "Weekly races and a season ladder.", status: "DRAFT", visibility: "PUBLIC", owner: "pia.partner", members: [["max.member", "TESTER"]] },
  { slug: "orbit-modpack", name: "Orbit Modpack", game: "Minecraft", category: "Modpack", description: "A space-themed modpack for tech players.", status: "IN_REVIEW", visibility: "APPLICATION_ONLY", owner: "paul.partner", members: [] },
  { slug: "ironclad-tactics", name: "Ironclad Tactics", game: "Arma 3", category: "Mod", description: "Realistic naval warfare mod, invite only.", status: "PUBLISHED", visibility: "PRIVATE", owner: "paul.partner", members: [] },
];

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

  for (const project of PROJECTS) {
    if (await db.project.findUnique({ where: { slug: project.slug } })) continue;
    await db.$transaction(async (tx) => {
      const created = await tx.project.create({
        data: {
          slug: project.slug,
          name: project.name,
          game: project.game,
          category: project.category,
          description: project.description,
          status: project.status,
          visibility: project.visibility,
          modules: ["APPLICATIONS", "DOWNLOADS"],
          createdById: ids.get(project.owner),
          submittedAt: project.status === "DRAFT" ? null : new Date(),
          publishedAt: project.status === "PUBLISHED" ? new Date() : null,
        },
      });
      const roles = new Map<string, string>();
      for (const key of DEFAULT_ROLE_KEYS) {
        const role = await tx.projectRole.create({ data: { projectId: created.id, key, ...DEFAULT_PROJECT_ROLES[key], permissions: [...DEFAULT_PROJECT_ROLES[key].permissions] } });
        roles.set(key, role.id);
      }
      await tx.projectMember.create({ data: { projectId: created.id, userId: ids.get(project.owner)!, roleId: roles.get("OWNER")! } });
      for (const [username, key] of project.members) {
        await tx.projectMember.create({ data: { projectId: created.id, userId: ids.get(username)!, roleId: roles.get(key)! } });
      }
      if (project.status !== "DRAFT") {
        await tx.statusTransition.create({ data: { projectId: created.id, from: "DRAFT", to: "IN_REVIEW", actorId: ids.get(project.owner) } });
      }
      if (project.status === "PUBLISHED") {
        await tx.statusTransition.create({ data: { projectId: created.id, from: "IN_REVIEW", to: "PUBLISHED", actorId: ids.get("tom.teamlead"), reason: "Demo data" } });
      }
      await recordAudit(tx, SYSTEM, { action: "project.seed_demo", targetType: "project", targetId: created.id, projectId: created.id });
    });
  }
  lines.push(`${PROJECTS.length} demo projects: ${PROJECTS.map((project) => `${project.name} (${project.status}, ${project.visibility})`).join(", ")}.`);
  return lines;
}
