/**
 * A partner of its own for one benchmark run: an ACTIVE partner, a token of theirs and published
 * PUBLIC projects made through the services, as a partner would make them. The app's modules are
 * imported here, lazily: the caller points DATABASE_URL at the benchmark's database first.
 */
import { randomBytes } from "node:crypto";
import type { ProjectModule, ProjectVisibility } from "../lib/db/generated/client";

export async function benchPartner(label: string, scopes: ("read" | "write")[] = ["read", "write"]) {
  const { db, disconnectDatabase } = await import("../lib/db/client");
  const { issueToken } = await import("../lib/auth/tokens");
  const { actorFromUser } = await import("../lib/auth/actor");
  const { createProject } = await import("../lib/projects/service");
  const { createProjectSchema } = await import("../lib/projects/schemas");
  const stamp = randomBytes(4).toString("hex");
  const username = `bench_${label}_${stamp}`;
  const owner = await db.user.create({
    data: {
      username,
      usernameKey: username,
      email: `${username}@bench.test`,
      displayName: `Bench ${label}`,
      passwordHash: "-",
      platformRoles: ["USER", "PARTNER"],
      partnerStatus: "ACTIVE",
    },
  });
  const actor = actorFromUser(owner);
  const meta = { ip: "127.0.0.1", userAgent: "bench", requestId: `bench-${label}-${stamp}` };
  const { token } = await db.$transaction((tx) =>
    issueToken(
      tx,
      owner.id,
      { name: "bench", scopes, expiresInDays: 1 },
      { actorId: owner.id, via: "SYSTEM" },
      { authenticatedAt: new Date() },
    ),
  );

  /**
   * A published project with `modules` (PUBLIC unless `visibility` says otherwise); `trusted` makes
   * its files without a release public (docs/releases.md).
   */
  async function publishedProject(
    name: string,
    modules: ProjectModule[],
    { trusted = false, visibility = "PUBLIC" }: { trusted?: boolean; visibility?: ProjectVisibility } = {},
  ): Promise<string> {
    const input = createProjectSchema.parse({ name: `${name} ${stamp}`, game: "Bench", category: "Bench", visibility, modules });
    const project = await createProject(actor, input, meta);
    await db.project.update({ where: { id: project.id }, data: { status: "PUBLISHED", trusted } });
    return project.id;
  }

  return { db, disconnectDatabase, owner, actor, meta, stamp, token, publishedProject };
}
