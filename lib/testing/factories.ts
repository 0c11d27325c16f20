import { randomBytes, randomUUID } from "node:crypto";
import type { Actor, RequestMeta, TokenScope } from "../auth/actor";
import { hashPassword } from "../auth/passwords";
import { issueToken } from "../auth/tokens";
import { db } from "../db/client";
import type { PartnerStatus, PlatformRole } from "../permissions";

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

export function actorOf(
  user: { id: string; username: string; displayName: string; platformRoles: PlatformRole[]; partnerStatus: PartnerStatus },
  scopes: TokenScope[] | null = null,
): Actor {
  return {
    userId: user.id,
    username: user.username,
    displayName: user.displayName,
    platformRoles: user.platformRoles,
    partnerStatus: user.partnerStatus,
    via: scopes ? "TOKEN" : "SESSION",
    sessionId: null,
    tokenId: null,
    scopes,
  };
}

export function testMeta(ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`): RequestMeta {
  return { ip, userAgent: "vitest", requestId: randomUUID() };
}

/** A real personal access token of `userId`. */
export async function tokenFor(userId: string, scopes: TokenScope[] = ["read", "write", "admin"]) {
  const created = await db.$transaction((tx) =>
    issueToken(tx, userId, { name: "test", scopes, expiresInDays: 1 }, { actorId: userId, via: "SYSTEM" }),
  );
  return created.token;
}
