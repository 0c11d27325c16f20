"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { done } from "@/lib/portal/answers";
import { createOwnToken } from "@/lib/account/tokens";
import { createOwnTokenSchema } from "@/lib/auth/schemas";
import { revokeToken } from "@/lib/auth/tokens";
import { idSchema } from "@/lib/http/operation";
import { portalAction } from "@/lib/portal/action";
import { portalLocaleFor } from "@/lib/portal/locale";
import { BadRequest } from "@/lib/errors";
import { removeAvatar, uploadAvatar } from "@/lib/users/avatar";
import { emailChangeFormSchema, MAX_AVATAR_BYTES, profileFormSchema, profileFormToUpdate } from "@/lib/users/schemas";
import { updateOwnAccount } from "@/lib/users/service";
import { resendVerification } from "@/lib/users/verification";
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
    // In the language just chosen (or the browser's, when following it): the page around the form re-renders in it.
    const t = await getTranslations({ locale: await portalLocaleFor(user.language), namespace: "account.profile" });
    return { message: t("saved"), data: { version: user.version } };
  },
  revalidate: [["/", "layout"]],
});

/** The picture from the account page's control (FormData `file`); answers the account's new version and the picture's address. */
export const uploadAvatarAction = portalAction({
  signIn: "/account",
  args: z.tuple([z.instanceof(FormData)]),
  run: async ([form], { actor, meta }) => {
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) throw new BadRequest("Choose an image file first.");
    if (file.size > MAX_AVATAR_BYTES) throw new BadRequest(`The image is too large: at most ${MAX_AVATAR_BYTES / 1024 / 1024} MiB.`);
    const user = await uploadAvatar(actor, { bytes: Buffer.from(await file.arrayBuffer()) }, meta);
    return { message: (await getTranslations("account.avatar"))("uploaded"), data: { version: user.version, url: user.avatarUrl } };
  },
  revalidate: [["/", "layout"]],
});

export const removeAvatarAction = portalAction({
  signIn: "/account",
  args: z.tuple([]),
  run: async (_args, { actor, meta }) => {
    const user = await removeAvatar(actor, meta);
    return { message: (await getTranslations("account.avatar"))("removed"), data: { version: user.version, url: null } };
  },
  revalidate: [["/", "layout"]],
});

export const resendVerificationAction = portalAction({
  signIn: "/account",
  args: z.tuple([]),
  run: (_args, { actor, meta }) => done(resendVerification({ actor }, meta), "account.email.resent"),
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
  revalidate: ["/account/tokens"],
});

export const revokeTokenAction = portalAction({
  signIn: "/account",
  args: z.tuple([idSchema]),
  run: ([tokenId], { actor, audit }) => done(revokeToken(actor.userId, tokenId, audit), "account.tokens.revoked"),
  revalidate: ["/account/tokens"],
});

export const updateNotificationSettingsAction = portalAction({
  signIn: "/account",
  args: z.tuple([notificationSettingsInputSchema]),
  run: ([input], { actor, meta }) => done(updateNotificationSettings(actor, input, meta), "account.notifications.saved"),
  revalidate: ["/account/notifications"],
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
