"use server";

import type { MessageKeys, NestedKeyOf } from "next-intl";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { changePassword } from "@/lib/account/passwords";
import { reauthenticate, reauthWindowMinutes } from "@/lib/account/reauthentication";
import {
  changePasswordSchema,
  confirmTwoFactorSchema,
  enableTwoFactorSchema,
  reauthenticateSchema,
  renameDeviceSchema,
} from "@/lib/account/schemas";
import { endOtherSessions, endSession, removeDevice, renameDevice } from "@/lib/account/sessions";
import { disableTwoFactor, enableTwoFactor, regenerateRecoveryCodes, setupTwoFactor } from "@/lib/account/two-factor";
import type { Actor, RequestMeta } from "@/lib/auth/actor";
import { revokeAllTokens } from "@/lib/auth/tokens";
import { idSchema } from "@/lib/http/operation";
import type { Messages } from "@/lib/i18n/messages";
import { portalAction } from "@/lib/portal/action";

const PAGE = "/account/security";
const page = { signIn: PAGE, revalidate: [PAGE] };

/** An action of this page that hands its one argument to `service` and answers with the message `done`. */
const serviceAction = <A extends z.ZodType>(
  arg: A,
  service: (actor: Actor, input: z.output<A>, meta: RequestMeta) => Promise<unknown>,
  done: MessageKeys<Messages, NestedKeyOf<Messages>>,
) =>
  portalAction({
    ...page,
    args: z.tuple([arg]),
    run: async ([input], { actor, meta }) => {
      await service(actor, input as z.output<A>, meta);
      return (await getTranslations())(done);
    },
  });

export const changePasswordAction = serviceAction(changePasswordSchema, changePassword, "account.password.changed");

/** Offered right after a password change: the tokens still work, the old password's holder may have one. */
export const revokeAllTokensAction = portalAction({
  signIn: PAGE,
  revalidate: [PAGE, "/account"],
  args: z.tuple([]),
  run: async (_, { actor, audit }) => {
    const count = await revokeAllTokens(actor.userId, audit);
    return (await getTranslations("account.password"))("tokensRevoked", { count });
  },
});

export const reauthenticateAction = portalAction({
  ...page,
  args: z.tuple([reauthenticateSchema]),
  run: async ([{ password }], { actor, meta }) => {
    await reauthenticate(actor, password, meta);
    return (await getTranslations("account.twoFactor"))("reauthenticated", { minutes: reauthWindowMinutes() });
  },
});

export const setupTwoFactorAction = portalAction({
  ...page,
  args: z.tuple([]),
  run: async (_, { actor }) => {
    await setupTwoFactor(actor);
    return (await getTranslations("account.twoFactor"))("setupStarted");
  },
});

export const enableTwoFactorAction = portalAction({
  ...page,
  args: z.tuple([enableTwoFactorSchema]),
  run: async ([{ code }], { actor, meta }) => {
    const { recoveryCodes } = await enableTwoFactor(actor, code, meta);
    return { message: (await getTranslations("account.twoFactor"))("enabled"), data: { recoveryCodes } };
  },
});

export const disableTwoFactorAction = portalAction({
  ...page,
  args: z.tuple([confirmTwoFactorSchema]),
  run: async ([input], { actor, meta }) => {
    await disableTwoFactor(actor, input, meta);
    return { message: (await getTranslations("account.twoFactor"))("disabled"), data: { recoveryCodes: [] as string[] } };
  },
});

export const regenerateRecoveryCodesAction = portalAction({
  ...page,
  args: z.tuple([confirmTwoFactorSchema]),
  run: async ([input], { actor, meta }) => {
    const { recoveryCodes } = await regenerateRecoveryCodes(actor, input, meta);
    return { message: (await getTranslations("account.twoFactor"))("regenerated"), data: { recoveryCodes } };
  },
});

export const endSessionAction = serviceAction(idSchema, endSession, "account.sessions.ended");

export const endOtherSessionsAction = portalAction({
  ...page,
  args: z.tuple([]),
  run: async (_, { actor, meta }) => {
    const count = await endOtherSessions(actor, meta);
    return (await getTranslations("account.sessions"))("othersEnded", { count });
  },
});

export const renameDeviceAction = portalAction({
  ...page,
  args: z.tuple([idSchema, renameDeviceSchema]),
  run: async ([deviceId, { name }], { actor, meta }) => {
    await renameDevice(actor, deviceId, name, meta);
    return (await getTranslations("account.devices"))("renamed");
  },
});

export const removeDeviceAction = serviceAction(idSchema, removeDevice, "account.devices.removed");
