import { randomBytes, randomUUID } from "node:crypto";
import { actorFromUser, type RequestMeta, type TokenScope } from "../auth/actor";
import { hashPassword } from "../auth/passwords";
import { issueToken } from "../auth/tokens";
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import type { PartnerStatus, PlatformRole, ProjectStatus, ProjectVisibility } from "../permissions";
import type { ProjectModuleName } from "../projects/schemas";

/** Real rows in the real test database; names are unique so test files can run side by side. */

export const TEST_PASSWORD = "a long test passphrase";
let passwordHash: Promise<string> | undefined;

export function unique(prefix = "u"): string {
  return `${prefix}${randomBytes(5).toString("hex")}`;
}

export async function createUser(options: { roles?: PlatformRole[]; partnerStatus?: PartnerStatus; suspended?: boolean } = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const username = unique();
  return db.user.create({
    data: {
      username,
      usernameKey: username,
      email: `${username}@example.test`,
      displayName: `User ${username}`,
      passwordHash: await passwordHash,
      platformRoles: options.roles ?? ["USER"],
      partnerStatus: options.partnerStatus ?? "NONE",
      suspendedAt: options.suspended ? new Date() : null,
    },
  });
}

/** The actor of a test user (a session unless scopes are given). */
export const actorOf = actorFromUser;

export function testMeta(ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`): RequestMeta {
  return { ip, userAgent: "vitest", requestId: randomUUID() };
}

/** A real personal access token of `userId`, as if just made with the password (POST /auth/token). */
export async function tokenFor(userId: string, scopes: TokenScope[] = ["read", "write", "admin"]) {
  const created = await db.$transaction((tx) =>
    issueToken(tx, userId, { name: "test", scopes, expiresInDays: 1 }, { actorId: userId, via: "SYSTEM" }, { authenticatedAt: new Date() }),
  );
  return created.token;
}

/** A project created through the service (owner = an ACTIVE partner), then moved to the given state; its game and category as given, else "Test game" and "Test". */
export async function createProjectFor(
  owner: { id: string; username: string; displayName: string; platformRoles: PlatformRole[]; partnerStatus: PartnerStatus },
  state: {
    status?: ProjectStatus;
    visibility?: ProjectVisibility;
    modules?: ProjectModuleName[];
    name?: string;
    game?: string;
    category?: string;
  } = {},
) {
  const { createProject } = await import("../projects/service");
  const { replacePresentationSchema } = await import("../projects/schemas");
  // The presentation with its defaults; the modules as given, even a set the API refuses (LAUNCHER
  // without DOWNLOADS), so that tests can build the states the rules must cope with.
  const presentation = replacePresentationSchema.parse({
    name: state.name ?? `Project ${unique("")}`,
    game: state.game ?? "Test game",
    category: state.category ?? "Test",
  });
  const input = { ...presentation, visibility: state.visibility ?? "PUBLIC", modules: state.modules ?? [] };
  const project = await createProject(actorOf(owner), input, testMeta());
  if (state.status && state.status !== "DRAFT") await db.project.update({ where: { id: project.id }, data: { status: state.status } });
  return db.project.findUniqueOrThrow({ where: { id: project.id }, include: { roles: true } });
}

export async function createPartner() {
  return createUser({ roles: ["USER", "PARTNER"], partnerStatus: "ACTIVE" });
}

/** Adds `user` to the project with the default role `key` (or a role id). */
export async function addMemberWith(projectId: string, userId: string, roleKeyOrId: string) {
  const role = await db.projectRole.findFirstOrThrow({ where: { projectId, OR: [{ key: roleKeyOrId }, { id: roleKeyOrId }] } });
  return db.projectMember.create({ data: { projectId, userId, roleId: role.id } });
}

/** A pending invitation of `userId` to the project with the default role `roleKey`, from `invitedById`, for a day. */
export async function inviteWith(projectId: string, userId: string, roleKey: string, invitedById: string) {
  const role = await db.projectRole.findFirstOrThrow({ where: { projectId, key: roleKey } });
  return db.projectInvitation.create({
    data: { projectId, userId, roleId: role.id, invitedById, expiresAt: new Date(Date.now() + 86_400_000) },
  });
}

/** A live portal session of `userId` and the cookie header that carries it, as next-auth writes it. */
export async function sessionCookieFor(userId: string) {
  const { encode } = await import("next-auth/jwt");
  const { SESSION_COOKIE } = await import("../auth/config");
  const { createSession } = await import("../auth/sessions");
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  const session = await db.$transaction((tx) => createSession(tx, user, testMeta(), null));
  const cookie = await encode({ token: { sid: session.id }, secret: process.env.AUTH_SECRET!, salt: SESSION_COOKIE });
  return { sessionId: session.id, cookie, header: `${SESSION_COOKIE}=${cookie}` };
}

/** A release as the release service leaves it: PUBLISHED and STABLE unless `data` says otherwise. */
export async function createRelease(projectId: string, data: Partial<Omit<Prisma.ReleaseUncheckedCreateInput, "projectId">> = {}) {
  const state = data.state ?? "PUBLISHED";
  return db.release.create({
    data: {
      version: "1.0.0",
      title: "First",
      channel: "STABLE",
      publishedAt: state === "PUBLISHED" || state === "YANKED" ? new Date() : null,
      ...data,
      state,
      projectId,
    },
  });
}

/**
 * A file row of the project (a release's, with `releaseId`). Its bytes are not in the store unless
 * `storageKey` names them: an empty file whose bytes are never opened.
 */
export async function createDownload(projectId: string, data: Partial<Omit<Prisma.DownloadUncheckedCreateInput, "projectId">> = {}) {
  return db.download.create({
    data: {
      kind: "SOFTWARE",
      fileName: "game.bin",
      contentType: "application/octet-stream",
      size: 0n,
      sha256: "0".repeat(64),
      storageKey: `empty-${randomUUID()}`,
      ...data,
      projectId,
    },
  });
}

/** Launcher integration settings that offer everything (install, update, repair, game start, versions), starting the game with `launchSettings`. */
export function offeringEverything<L>(launchSettings: L) {
  return { offerInstall: true, offerUpdate: true, offerRepair: true, offerGameStart: true, offerVersions: true, launchSettings };
}

/** The launcher integration with everything offered, starting `bin/game`. */
export async function enableLauncher(projectId: string) {
  return db.launcherSettings.create({
    data: { projectId, ...offeringEverything({ executable: "bin/game", arguments: [], platforms: {} }) },
  });
}
