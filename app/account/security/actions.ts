"use server";

import { z } from "zod";
import { changePassword } from "@/lib/account/passwords";
import { reauthenticate } from "@/lib/account/reauthentication";
import { changePasswordSchema, confirmTwoFactorSchema, enableTwoFactorSchema, reauthenticateSchema, renameDeviceSchema } from "@/lib/account/schemas";
import { endOtherSessions, endSession, removeDevice, renameDevice } from "@/lib/account/sessions";
import { disableTwoFactor, enableTwoFactor, regenerateRecoveryCodes, setupTwoFactor } from "@/lib/account/two-factor";
import { idSchema } from "@/lib/http/operation";
import { portalAction } from "@/lib/portal/action";

const PAGE = "/account/security";
const page = { signIn: PAGE, revalidate: [PAGE] };

export const changePasswordAction = portalAction({
  ...page,
  args: z.tuple([changePasswordSchema]),
  run: async ([input], { actor, meta }) => {
    await changePassword(actor, input, meta);
    return "Your password is changed. Every other session of your account has ended.";
  },
});

export const reauthenticateAction = portalAction({
  ...page,
  args: z.tuple([reauthenticateSchema]),
  run: async ([{ password }], { actor, meta }) => {
    await reauthenticate(actor, password, meta);
    return "Thanks. You can change your sign-in settings for the next 10 minutes.";
  },
});

export const setupTwoFactorAction = portalAction({
  ...page,
  args: z.tuple([]),
  run: async (_, { actor }) => {
    await setupTwoFactor(actor);
    return "Scan the QR code with your authenticator app, then enter the code it shows.";
  },
});

export const enableTwoFactorAction = portalAction({
  ...page,
  args: z.tuple([enableTwoFactorSchema]),
  run: async ([{ code }], { actor, meta }) => {
    const { recoveryCodes } = await enableTwoFactor(actor, code, meta);
    return { message: "Two-factor sign-in is on. Save your recovery codes now: they are shown only once.", data: { recoveryCodes } };
  },
});

export const disableTwoFactorAction = portalAction({
  ...page,
  args: z.tuple([confirmTwoFactorSchema]),
  run: async ([input], { actor, meta }) => {
    await disableTwoFactor(actor, input, meta);
    return { message: "Two-factor sign-in is off.", data: { recoveryCodes: [] as string[] } };
  },
});

export const regenerateRecoveryCodesAction = portalAction({
  ...page,
  args: z.tuple([confirmTwoFactorSchema]),
  run: async ([input], { actor, meta }) => {
    const { recoveryCodes } = await regenerateRecoveryCodes(actor, input, meta);
    return { message: "New recovery codes: the old ones no longer work. Save these now.", data: { recoveryCodes } };
  },
});

export const endSessionAction = portalAction({
  ...page,
  args: z.tuple([idSchema]),
  run: async ([sessionId], { actor, meta }) => {
    await endSession(actor, sessionId, meta);
    return "The session has ended.";
  },
});

export const endOtherSessionsAction = portalAction({
  ...page,
  args: z.tuple([]),
  run: async (_, { actor, meta }) => {
    const count = await endOtherSessions(actor, meta);
    return count === 1 ? "1 other session has ended." : `${count} other sessions have ended.`;
  },
});

export const renameDeviceAction = portalAction({
  ...page,
  args: z.tuple([idSchema, renameDeviceSchema]),
  run: async ([deviceId, { name }], { actor, meta }) => {
    await renameDevice(actor, deviceId, name, meta);
    return "Device renamed.";
  },
});

export const removeDeviceAction = portalAction({
  ...page,
  args: z.tuple([idSchema]),
  run: async ([deviceId], { actor, meta }) => {
    await removeDevice(actor, deviceId, meta);
    return "Device removed; its sessions have ended.";
  },
});
