"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { formatUserCode } from "@/lib/device-sign-in/codes";
import { approveDeviceSignInSchema, enterUserCodeSchema, userCodeSchema } from "@/lib/device-sign-in/schemas";
import { approveDeviceSignIn, denyDeviceSignIn } from "@/lib/device-sign-in/service";
import { portalAction } from "@/lib/portal/action";

/** Where signing in leads back to: the page with the code kept. */
function devicePage(args: readonly unknown[]) {
  const code = userCodeSchema.safeParse((args[0] as { userCode?: unknown } | undefined)?.userCode);
  return code.success ? `/device?code=${formatUserCode(code.data)}` : "/device";
}

/** The code form: opens the page for the code, which looks it up (and counts the look-up). */
export const enterUserCodeAction = portalAction({
  signIn: devicePage,
  args: z.tuple([enterUserCodeSchema]),
  run: async () => "",
  redirect: ([{ userCode }]) => `/device?code=${formatUserCode(userCode)}`,
});

export const approveDeviceSignInAction = portalAction({
  signIn: devicePage,
  args: z.tuple([approveDeviceSignInSchema]),
  run: async ([input], { actor, meta }) => {
    const { clientName } = await approveDeviceSignIn(actor, input, meta);
    return (await getTranslations("auth.device"))("approved", { client: clientName });
  },
  // No revalidation: it would render this page again, where the decided code is gone, in place of the outcome.
});

export const denyDeviceSignInAction = portalAction({
  signIn: devicePage,
  args: z.tuple([enterUserCodeSchema]),
  run: async ([{ userCode }], { actor, meta }) => {
    const { clientName } = await denyDeviceSignIn(actor, userCode, meta);
    return (await getTranslations("auth.device"))("denied", { client: clientName });
  },
});
