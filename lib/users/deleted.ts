import type { db, Tx } from "../db/client";

/**
 * A deleted account (lib/privacy/deletion.ts) stays as a tombstone row so that what its user wrote
 * and did keeps a valid id. Its personal fields are erased and replaced by these values: the
 * username is not a valid username (so nobody can register it) and the display name is what the
 * API shows wherever the person is named; the portal shows its own translation (`deletedAuthor` where announcements name their author).
 */
export const DELETED_USERNAME = "[deleted]";
export const DELETED_DISPLAY_NAME = "Deleted user";

/** How long a deleted account's username stays reserved (docs/privacy.md, "Quarantine"). */
export const USERNAME_QUARANTINE_DAYS = 30;

/** The unique placeholders of a tombstone's login keys: no e-mail address, no valid username. */
export function tombstoneKey(userId: string): string {
  return `deleted:${userId}`;
}

export function isDeletedAccount(user: { deletedAt: Date | null }): boolean {
  return user.deletedAt !== null;
}

/** Whether a username (any case) is still in the quarantine of a deleted account. */
export async function isUsernameQuarantined(client: Tx | typeof db, username: string, now = new Date()): Promise<boolean> {
  const held = await client.user.count({
    where: { reservedUsernameKey: username.toLowerCase(), usernameReservedUntil: { gt: now } },
  });
  return held > 0;
}
