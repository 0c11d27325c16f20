import { expect, it } from "vitest";
import { verifyCredentials } from "../auth/sign-in";
import { db } from "../db/client";
import { testMeta } from "../testing/factories";
import { DEMO_PASSWORD, seedDemo } from "./seed";

it("fills the database with demo accounts and projects whose sign-ins work, once", { timeout: 90_000 }, async () => {
  await seedDemo();
  await seedDemo();
  const partner = await db.user.findUniqueOrThrow({ where: { usernameKey: "pia.partner" } });
  expect(partner).toMatchObject({ partnerStatus: "ACTIVE", platformRoles: ["USER", "PARTNER"] });
  await expect(verifyCredentials({ login: "pia.partner", password: DEMO_PASSWORD }, testMeta(), "PASSWORD")).resolves.toMatchObject({
    id: partner.id,
  });
  const project = await db.project.findUniqueOrThrow({
    where: { slug: "skyforge-survival" },
    include: { roles: true, members: { include: { role: true } } },
  });
  expect(project.roles.map((role) => role.key).sort()).toEqual(["DEVELOPER", "MANAGER", "MEMBER", "MODERATOR", "OWNER", "TESTER"]);
  expect(project.members.find((member) => member.userId === partner.id)?.role.key).toBe("OWNER");
  expect(
    await db.project.count({
      where: { slug: { in: ["skyforge-survival", "nebula-racing-league", "orbit-modpack", "ironclad-tactics", "starlight-roleplay"] } },
    }),
  ).toBe(5);
  // Applications to look at, in every state a visitor of the portal meets.
  const applications = await db.application.findMany({ where: { project: { slug: { in: ["skyforge-survival", "starlight-roleplay"] } } } });
  expect(applications.map((application) => application.status).sort()).toEqual(["ACCEPTED", "PENDING", "PENDING", "REJECTED"]);
  const accepted = applications.find((application) => application.status === "ACCEPTED")!;
  expect(
    await db.projectMember.findUnique({
      where: { projectId_userId: { projectId: accepted.projectId, userId: accepted.userId } },
      include: { role: true },
    }),
  ).toMatchObject({ role: { key: "TESTER" } });
  // Releases in every state, with stored files, and the launcher set up.
  const releases = await db.release.findMany({ where: { projectId: project.id }, include: { downloads: true } });
  expect(releases.map((release) => `${release.version} ${release.channel} ${release.state}`).sort()).toEqual([
    "1.0.0 STABLE YANKED",
    "1.0.1 STABLE PUBLISHED",
    "1.1.0-beta.1 BETA PUBLISHED",
    "1.2.0 STABLE DRAFT",
  ]);
  expect(releases.find((release) => release.version === "1.0.1")!.downloads).toHaveLength(2);
  // Its team publishes directly: the demo's published project is trusted (DESIGN §8.2).
  expect(await db.project.findUniqueOrThrow({ where: { id: project.id } })).toMatchObject({ trusted: true });
  expect(await db.launcherSettings.findUnique({ where: { projectId: project.id } })).toMatchObject({ offerVersions: true });
  // The content modules on a published project: pages, announcements and support links, once.
  expect(project.modules).toEqual(expect.arrayContaining(["PROJECT_PAGES", "MESSAGES", "CREATOR_SUPPORT"]));
  expect(await db.projectPage.count({ where: { projectId: project.id } })).toBe(2);
  expect(await db.projectMessage.count({ where: { projectId: project.id } })).toBe(2);
  expect((project.settings as { supportLinks: unknown[] }).supportLinks).toHaveLength(3);
});
