import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { clientIp } from "../request/client-ip";
import type { Actor } from "./actor";
import { SESSION_COOKIE } from "./config";
import { resolveActor } from "./resolve";
import { randomUUID } from "node:crypto";

/** The signed-in user of the current portal request (checked against the session row), or null. */
export const getPortalActor = cache(async (): Promise<Actor | null> => {
  const cookie = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!cookie) return null;
  return resolveActor(null, cookie, clientIp(await headers()));
});

/** For pages and actions that need a signed-in user: sends everyone else to the sign-in page. */
export async function requirePortalActor(returnTo: string): Promise<Actor> {
  const actor = await getPortalActor();
  if (!actor) redirect(`/sign-in?next=${encodeURIComponent(returnTo)}`);
  return actor;
}

export async function portalRequestMeta() {
  const list = await headers();
  return { ip: clientIp(list), userAgent: list.get("user-agent"), requestId: randomUUID() };
}
