import type { z } from "zod";
import { db, type Tx } from "../db/client";
import type { User } from "../db/generated/client";
import { accountSettingsSchema, DEFAULT_SETTINGS, type fullUserSchema, type ownAccountSchema, type publicProfileSchema } from "./schemas";

/** What everyone may see of a person; the birth date only where they chose to show it (settings.showDateOfBirth). */
export function presentPublicProfile(user: User): z.infer<typeof publicProfileSchema> {
  const shown = accountSettingsSchema.safeParse(user.settings).data?.showDateOfBirth === true && user.dateOfBirth !== null;
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    avatarUrl: user.avatarUrl,
    ...(shown ? { dateOfBirth: user.dateOfBirth!.toISOString().slice(0, 10) } : {}),
  };
}

export function presentOwnAccount(user: User, pendingEmail: string | null = null): z.infer<typeof ownAccountSchema> {
  const settings = accountSettingsSchema.safeParse(user.settings);
  return {
    ...presentPublicProfile(user),
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    pendingEmail,
    dateOfBirth: user.dateOfBirth?.toISOString().slice(0, 10) ?? null,
    language: user.language as z.infer<typeof ownAccountSchema>["language"],
    settings: settings.success ? settings.data : DEFAULT_SETTINGS,
    platformRoles: user.platformRoles,
    partnerStatus: user.partnerStatus,
    createdAt: user.createdAt.toISOString(),
  };
}

export function presentFullUser(user: User): z.infer<typeof fullUserSchema> {
  return {
    ...presentOwnAccount(user),
    suspended: user.suspendedAt !== null,
    suspendedAt: user.suspendedAt?.toISOString() ?? null,
    suspensionReason: user.suspendedReason,
    lockedUntil: user.lockedUntil && user.lockedUntil > new Date() ? user.lockedUntil.toISOString() : null,
    twoFactorEnabled: user.totpEnabledAt !== null,
    updatedAt: user.updatedAt.toISOString(),
  };
}

/** id → {id, displayName} of the given users, in one query: for lists that name who did what. */
export async function displayNames(client: Tx | typeof db, ids: (string | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const people = wanted.length
    ? await client.user.findMany({ where: { id: { in: wanted } }, select: { id: true, displayName: true } })
    : [];
  return new Map(people.map((person) => [person.id, person]));
}

/** id → picture address (or null) of the given users, in one query: for lists that show who did what. */
export async function picturesOf(ids: (string | null | undefined)[], client: Tx | typeof db = db) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const people = wanted.length ? await client.user.findMany({ where: { id: { in: wanted } }, select: { id: true, avatarUrl: true } }) : [];
  return new Map(people.map((person) => [person.id, person.avatarUrl]));
}
