import { expect, it } from "vitest";
import { verifyCredentials } from "../auth/sign-in";
import { db } from "../db/client";
import { testMeta } from "../testing/factories";
import { DEMO_PASSWORD, seedDemo } from "./seed";

it("fills the database with demo accounts and projects whose sign-ins work, once", async () => {
  await seedDemo();
  await seedDemo();
  const partner = await db.user.findUniqueOrThrow({ where: { usernameKey: "pia.partner" } });
  expect(partner).toMatchObject({ partnerStatus: "ACTIVE", platformRoles: ["USER", "PARTNER"] });
  await expect(verifyCredentials({ login: "pia.partner", password: DEMO_PASSWORD }, testMeta(), "PASSWORD")).resolves.toMatchObject({ id: partner.id });
  const project = await db.project.findUniqueOrThrow({ where: { slug: "skyforge-survival" }, include: { roles: true, members: { include: { role: true } } } });
  expect(project.roles.map((role) => role.key).sort()).toEqual(["DEVELOPER", "MANAGER", "MEMBER", "MODERATOR", "OWNER", "TESTER"]);
  expect(project.members.find((member) => member.userId === partner.id)?.role.key).toBe("OWNER");
  expect(await db.project.count({ where: { slug: { in: ["skyforge-survival", "nebula-racing-league", "orbit-modpack", "ironclad-tactics"] } } })).toBe(4);
});
