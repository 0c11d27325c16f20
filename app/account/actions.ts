"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { createOwnToken } from "@/lib/account/tokens";
import { createOwnTokenSchema } from "@/lib/auth/schemas";
import { revokeToken } from "@/lib/auth/tokens";
import { idSchema } from "@/lib/http/operation";
import { isLocale } from "@/lib/i18n/locales";
import { portalAction } from "@/lib/portal/action";
import { emailChangeFormSchema, profileFormSchema, profileFormToUpdate } from "@/lib/users/schemas";
import { updateOwnAccount } from "@/lib/users/service";
import { updateNotificationSettings } from "@/lib/notifications/preferences";
import { ValidationFailed } from "@/lib/errors";
import { deleteOwnAccount } from "@/lib/privacy/deletion";
import { deleteAccountFormSchema } from "@/lib/privacy/schemas";
import { notificationSettingsInputSchema } from "@/lib/notifications/settings";

export const updateProfileAction = portalAction({
  signIn: "/account",
  args: z.tuple([profileFormSchema]),
  run: async ([input], { actor, meta }) => {
    const { user } = await updateOwnAccount(actor, profileFormToUpdate(input), input.version, meta);
    // In the language just chosen: the page around the form re-renders in it.
    const t = isLocale(user.language)
      ? await getTranslations({ locale: user.language, namespace: "account.profile" })
      : await getTranslations("account.profile");
    return { message: t("saved"), data: { version: user.version } };
  },
  revalidate: [["/", "layout"]],
});

export const changeEmailAction = portalAction({
  signIn: "/account",
  args: z.tuple([emailChangeFormSchema]),
  run: async ([{ email, currentPassword, version }], { actor, meta }) => {
    const { user } = await updateOwnAccount(actor, { email, currentPassword }, version, meta);
    const t = await getTranslations("account.email");
    return { message: t("sent", { email }), data: { version: user.version } };
  },
  revalidate: ["/account"],
});

export const createTokenAction = portalAction({
  signIn: "/account",
  args: z.tuple([createOwnTokenSchema]),
  run: async ([input], { actor, meta }) => {
    const created = await createOwnToken(actor, input, meta);
    const t = await getTranslations("account.tokens");
    return { message: t("created"), data: { token: created.token, id: created.id } };
  },
  revalidate: ["/account"],
});

export const revokeTokenAction = portalAction({
  signIn: "/account",
  args: z.tuple([idSchema]),
  run: async ([tokenId], { actor, audit }) => {
    await revokeToken(actor.userId, tokenId, audit);
    return (await getTranslations("account.tokens"))("revoked");
  },
  revalidate: ["/account"],
});

export const updateNotificationSettingsAction = portalAction({
  signIn: "/account",
  args: z.tuple([notificationSettingsInputSchema]),
  run: async ([input], { actor, meta }) => {
    await updateNotificationSettings(actor, input, meta);
    return (await getTranslations("account.notifications"))("saved");
  },
  revalidate: ["/account"],
});

/** Deletes the own account (docs/privacy.md): the username typed again, the password and, with 2FA, a code. */
export const deleteAccountAction = portalAction({
  signIn: "/account",
  args: z.tuple([deleteAccountFormSchema]),
  run: async ([input], { actor, meta }) => {
    if (input.confirmUsername.toLowerCase() !== actor.username.toLowerCase()) {
      throw new ValidationFailed([{ path: "confirmUsername", message: "Type your username exactly as shown." }]);
    }
    await deleteOwnAccount(actor, { password: input.password, otp: input.otp || undefined }, null, meta);
    return (await getTranslations("account.delete"))("deleted");
  },
  // The session has ended with the account: the sign-in page says what happened.
  redirect: () => "/sign-in?deleted=1",
});
