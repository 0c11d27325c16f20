"use server";

import { z } from "zod";
import { createTokenSchema } from "@/lib/auth/schemas";
import { createOwnToken, revokeToken } from "@/lib/auth/tokens";
import { idSchema } from "@/lib/http/operation";
import { portalAction } from "@/lib/portal/action";
import { emailChangeFormSchema, profileFormSchema, profileFormToUpdate } from "@/lib/users/schemas";
import { updateOwnAccount } from "@/lib/users/service";

export const updateProfileAction = portalAction({
  signIn: "/account",
  args: z.tuple([profileFormSchema]),
  run: async ([input], { actor, meta }) => {
    const { user } = await updateOwnAccount(actor, profileFormToUpdate(input), input.version, meta);
    return { message: "Your profile is saved.", data: { version: user.version } };
  },
  revalidate: [["/", "layout"]],
});

export const changeEmailAction = portalAction({
  signIn: "/account",
  args: z.tuple([emailChangeFormSchema]),
  run: async ([{ email, currentPassword, version }], { actor, meta }) => {
    const { user } = await updateOwnAccount(actor, { email, currentPassword }, version, meta);
    return { message: `We sent a confirmation link to ${email}. The new address is used once you open it.`, data: { version: user.version } };
  },
  revalidate: ["/account"],
});

export const createTokenAction = portalAction({
  signIn: "/account",
  args: z.tuple([createTokenSchema]),
  run: async ([input], { actor, meta }) => {
    const created = await createOwnToken(actor, input, meta);
    return { message: "Token created. Copy it now: it is shown only once.", data: { token: created.token } };
  },
  revalidate: ["/account"],
});

export const revokeTokenAction = portalAction({
  signIn: "/account",
  args: z.tuple([idSchema]),
  run: async ([tokenId], { actor, audit }) => {
    await revokeToken(actor.userId, tokenId, audit);
    return "Token revoked.";
  },
  revalidate: ["/account"],
});
