import { db, type Tx } from "../db/client";
import type { User } from "../db/generated/client";
import { NotFound } from "../errors";

/*
 * A user who is not deleted, or 404. Kept apart from deleted.ts: client components import that file
 * for its constants (components/messages/byline.tsx), and this one would put the database client
 * into their browser bundle, which `next build` refuses.
 */

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
