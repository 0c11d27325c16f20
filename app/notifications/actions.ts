"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { markNotificationsRead } from "@/lib/notifications/service";
import { portalAction } from "@/lib/portal/action";

export const markAllReadAction = portalAction({
  signIn: "/notifications",
  args: z.tuple([]),
  run: async (_, { actor }) => {
    await markNotificationsRead(actor, undefined);
    return (await getTranslations("notifications.list"))("allRead");
  },
  revalidate: [["/", "layout"]],
});
