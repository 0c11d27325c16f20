import { db } from "../db/client";
import { NotFound } from "../errors";
import { presentPublicProfile } from "./present";

/**
 * A person's public page (/users/<username>): what everyone may see of them (name, picture, the
 * birth date where they show it) and when the account was made. Their projects come from
 * `listedProjectsOf` (lib/projects/showcase.ts). A deleted account has no page.
 */
export async function publicProfilePage(username: string) {
  const user = await db.user.findUnique({ where: { usernameKey: username.toLowerCase() } });
  if (!user || user.deletedAt) throw new NotFound("user");
  return { profile: presentPublicProfile(user), memberSince: user.createdAt };
}
