"use server";

import { revalidatePath } from "next/cache";
import { requirePortalActor } from "@/lib/auth/portal";
import { markNotificationsRead } from "@/lib/notifications/service";

export async function markAllReadAction(): Promise<void> {
  const actor = await requirePortalActor("/notifications");
  await markNotificationsRead(actor, undefined);
  revalidatePath("/", "layout");
}
