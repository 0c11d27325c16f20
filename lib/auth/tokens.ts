import type { z } from "zod";
import { auditContextOf, recordAudit, type AuditContext } from "../audit-log/record";
import { db, type Tx } from "../db/client";
import { NotFound } from "../errors";
import { ACTOR_USER_FIELDS, type RequestMeta, type TokenScope } from "./actor";
import { invalidateCallers } from "./caller-cache";
import type { CreateTokenInput, Credentials, tokenSchema } from "./schemas";
import { newSecret, sha256 } from "./secrets";
import { recordSecurityWarning } from "./security-events";
import { verifyCredentials } from "./sign-in";

/** Personal access tokens: `pmt_` + 256 random bits, stored as sha256, shown once. */
export const TOKEN_PREFIX = "pmt_";
const LAST_USED_RESOLUTION_MS = 60_000;

type TokenRow = Awaited<ReturnType<typeof db.apiToken.findFirstOrThrow>>;

export function presentToken(token: TokenRow): z.infer<typeof tokenSchema> {
  return {
    id: token.id,
    name: token.name,
    prefix: token.prefix,
    scopes: token.scopes as TokenScope[],
    expiresAt: token.expiresAt.toISOString(),
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
    createdAt: token.createdAt.toISOString(),
  };
}

interface Lineage {
  /** When the sign-in this token descends from proved the password (lib/account/reauthentication.ts). */
  authenticatedAt: Date;
  /** The token it is made with, if any. */
  parent?: { id: string; expiresAt: Date } | null;
}

/**
 * A new token. One made with a token (`parent`) is its child: it expires no later than the
 * parent and is revoked with it (revokeToken), so a token never mints tokens that outlive it.
 */
export async function issueToken(
  tx: Tx,
  userId: string,
  input: CreateTokenInput,
  audit: AuditContext,
  { authenticatedAt, parent = null }: Lineage,
) {
  const token = newSecret(TOKEN_PREFIX);
  const requested = Date.now() + input.expiresInDays * 86_400_000;
  const row = await tx.apiToken.create({
    data: {
      userId,
      name: input.name,
      tokenHash: sha256(token),
      prefix: token.slice(0, TOKEN_PREFIX.length + 6),
      scopes: [...new Set(input.scopes)],
      expiresAt: new Date(parent ? Math.min(requested, parent.expiresAt.getTime()) : requested),
      authenticatedAt,
      parentTokenId: parent?.id ?? null,
    },
  });
  await recordAudit(tx, audit, {
    action: "token.create",
    targetType: "token",
    targetId: row.id,
    changes: { name: { before: null, after: row.name }, scopes: { before: null, after: row.scopes } },
  });
  return { ...presentToken(row), token };
}

export async function listTokens(userId: string) {
  const rows = await db.apiToken.findMany({
    where: { userId, revokedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: "desc" },
  });
  return rows.map(presentToken);
}

/** Revokes the token and every live token created with it, down the whole line, each audited. */
export async function revokeToken(userId: string, tokenId: string, audit: AuditContext) {
  await db.$transaction(async (tx) => {
    const now = new Date();
    const { count } = await tx.apiToken.updateMany({ where: { id: tokenId, userId, revokedAt: null }, data: { revokedAt: now } });
    if (count === 0) throw new NotFound("token");
    await recordAudit(tx, audit, { action: "token.revoke", targetType: "token", targetId: tokenId });
    for (let parents = [tokenId]; parents.length; ) {
      const children = await tx.apiToken.findMany({
        where: { parentTokenId: { in: parents }, revokedAt: null },
        select: { id: true, parentTokenId: true },
      });
      await tx.apiToken.updateMany({ where: { id: { in: children.map((child) => child.id) } }, data: { revokedAt: now } });
      for (const child of children) {
        await recordAudit(tx, audit, {
          action: "token.revoke",
          targetType: "token",
          targetId: child.id,
          changes: { revokedWithParent: { before: null, after: child.parentTokenId } },
        });
      }
      parents = children.map((child) => child.id);
    }
  });
  await invalidateCallers([userId]);
}

/**
 * Revokes every live token of the user inside the caller's transaction, each audited with the
 * reason (a password reset, or the owner's "Revoke all tokens"); returns how many. The caller
 * calls invalidateCallers after the commit.
 */
export async function revokeEveryTokenOf(
  tx: Tx,
  userId: string,
  audit: AuditContext,
  reason: "password_reset" | "revoked_by_owner",
): Promise<number> {
  const now = new Date();
  const live = await tx.apiToken.updateManyAndReturn({
    where: { userId, revokedAt: null, expiresAt: { gt: now } },
    data: { revokedAt: now },
    select: { id: true },
  });
  for (const token of live) {
    await recordAudit(tx, audit, {
      action: "token.revoke",
      targetType: "token",
      targetId: token.id,
      changes: { reason: { before: null, after: reason } },
    });
  }
  return live.length;
}

/** The owner's "Revoke all tokens" (the portal offers it after a password change). */
export async function revokeAllTokens(userId: string, audit: AuditContext): Promise<number> {
  const count = await db.$transaction((tx) => revokeEveryTokenOf(tx, userId, audit, "revoked_by_owner"));
  await invalidateCallers([userId]);
  return count;
}

/** The live token with its user, or null when unknown, revoked, expired or its user suspended. */
export async function resolveToken(raw: string, ip: string | null) {
  if (!raw.startsWith(TOKEN_PREFIX)) return null;
  const token = await db.apiToken.findUnique({
    where: { tokenHash: sha256(raw) },
    include: {
      user: { select: ACTOR_USER_FIELDS },
    },
  });
  if (token?.revokedAt) await warnRevokedTokenUse(token, ip);
  if (!token || token.revokedAt || token.expiresAt.getTime() <= Date.now() || token.user.suspendedAt) return null;
  if (!token.lastUsedAt || Date.now() - token.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.apiToken.update({ where: { id: token.id }, data: { lastUsedAt: new Date(), lastUsedIp: ip } });
  }
  return token;
}

/**
 * A revoked token still in use may have leaked: the system writes a security warning about its
 * owner (once a day per token), visible to the platform team only.
 */
async function warnRevokedTokenUse(token: { id: string; userId: string; prefix: string }, ip: string | null) {
  const marker = `token ${token.id}`;
  const recent = await db.warning.count({
    where: {
      userId: token.userId,
      kind: "SECURITY_EVENT",
      reason: { contains: marker },
      createdAt: { gte: new Date(Date.now() - 86_400_000) },
    },
  });
  if (recent) return;
  await db.$transaction((tx) =>
    recordSecurityWarning(
      tx,
      token.userId,
      { reason: `A revoked access token (${token.prefix}…, ${marker}) was used.`, internalNote: `From ${ip ?? "an unknown address"}.` },
      auditContextOf(null, "SYSTEM", { ip }),
    ),
  );
}

/**
 * POST /auth/token: the same checks as the portal's sign-in, then a new personal access token.
 * A client that sends a trusted device cookie is counted as that device; any other client is an
 * unknown source. The token endpoint never makes a client a device.
 */
export async function createTokenWithPassword(input: Credentials & CreateTokenInput, meta: RequestMeta, deviceKey: string | null = null) {
  const user = await verifyCredentials(input, meta, "TOKEN", deviceKey);
  const signedInAt = new Date();
  return db.$transaction((tx) => issueToken(tx, user.id, input, auditContextOf(user.id, "TOKEN", meta), { authenticatedAt: signedInAt }));
}
