import { redirect } from "next/navigation";
import { requirePortalActor } from "@/lib/auth/portal";
import { isOnAnyTeam } from "@/lib/members/service";
import { landingFor } from "@/lib/portal/navigation";

/** Where sign-in leads when no page asked for it: each user's work (lib/portal/navigation.ts `landingFor`). */
export default async function StartPage(): Promise<never> {
  const actor = await requirePortalActor("/start");
  redirect(landingFor(actor, await isOnAnyTeam(actor.userId)));
}
