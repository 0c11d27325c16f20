import { db, type Tx } from "../db/client";
import type { User } from "../db/generated/client";
import { NotFound } from "../errors";

// Apart from lib/users/deleted.ts, whose names a client component (the announcements' byline) imports:
// this module reads the database, which must not reach the browser's bundle.

/** The caller's own account, or 404 once it is deleted (a session or token outliving it). */
export function liveAccount(userId: string): Promise<User> {
  return live(userId, "account", db);
}

/** A user by id, or 404 when there is none or the account is deleted. */
export function liveUser(userId: string, client: Tx | typeof db = db): Promise<User> {
  return live(userId, "user", client);
}

async function live(userId: string, thing: string, client: Tx | typeof db): Promise<User> {
  const user = await client.user.findUnique({ where: { id: userId, deletedAt: null } });
  if (!user) throw new NotFound(thing);
  return user;
}
