"use server";

import { revalidatePath } from "next/cache";
import { changePassword } from "@/lib/account/passwords";
import { reauthenticate, ReauthenticationRequired } from "@/lib/account/reauthentication";
import { changePasswordSchema, confirmTwoFactorSchema, enableTwoFactorSchema, reauthenticateSchema, renameDeviceSchema } from "@/lib/account/schemas";
import { endOtherSessions, endSession, removeDevice, renameDevice } from "@/lib/account/sessions";
import { disableTwoFactor, enableTwoFactor, regenerateRecoveryCodes, setupTwoFactor } from "@/lib/account/two-factor";
import { portalRequestMeta, requirePortalActor } from "@/lib/auth/portal";
import { formFailure, type FormResult } from "@/lib/portal/form-result";

const PAGE = "/account/security";

/** Runs one Security page change for the signed-in user: schema, service, fresh page, readable errors. */
async function securityAction<T>(schema: { safeParse(input: unknown): { success: true; data: T } | { success: false; error: unknown } } | null, input: unknown, run: (data: T) => Promise<FormResult<{ recoveryCodes: string[] }>>) {
  await requirePortalActor(PAGE);
  const parsed = schema ? schema.safeParse(input) : { success: true as const, data: input as T };
  if (!parsed.success) return formFailure(parsed.error);
  try {
    const result = await run(parsed.data);
    revalidatePath(PAGE);
    return result;
  } catch (error) {
    if (error instanceof ReauthenticationRequired) {
      revalidatePath(PAGE);
      return { ok: false as const, message: "For your safety, confirm your password again first (the form is on this page)." };
    }
    return formFailure(error);
  }
}

export async function changePasswordAction(input: unknown) {
  return securityAction(changePasswordSchema, input, async (data) => {
    await changePassword(await requirePortalActor(PAGE), data, await portalRequestMeta());
    return { ok: true, message: "Your password is changed. Every other session of your account has ended." };
  });
}

export async function reauthenticateAction(input: unknown) {
  return securityAction(reauthenticateSchema, input, async ({ password }) => {
    await reauthenticate(await requirePortalActor(PAGE), password, await portalRequestMeta());
    return { ok: true, message: "Thanks. You can change your sign-in settings for the next 10 minutes." };
  });
}

export async function setupTwoFactorAction() {
  return securityAction(null, undefined, async () => {
    await setupTwoFactor(await requirePortalActor(PAGE));
    return { ok: true, message: "Scan the QR code with your authenticator app, then enter the code it shows." };
  });
}

export async function enableTwoFactorAction(input: unknown) {
  return securityAction(enableTwoFactorSchema, input, async ({ code }) => {
    const { recoveryCodes } = await enableTwoFactor(await requirePortalActor(PAGE), code, await portalRequestMeta());
    return { ok: true, message: "Two-factor sign-in is on. Save your recovery codes now: they are shown only once.", data: { recoveryCodes } };
  });
}

export async function disableTwoFactorAction(input: unknown) {
  return securityAction(confirmTwoFactorSchema, input, async (data) => {
    await disableTwoFactor(await requirePortalActor(PAGE), data, await portalRequestMeta());
    return { ok: true, message: "Two-factor sign-in is off." };
  });
}

export async function regenerateRecoveryCodesAction(input: unknown) {
  return securityAction(confirmTwoFactorSchema, input, async (data) => {
    const { recoveryCodes } = await regenerateRecoveryCodes(await requirePortalActor(PAGE), data, await portalRequestMeta());
    return { ok: true, message: "New recovery codes: the old ones no longer work. Save these now.", data: { recoveryCodes } };
  });
}

export async function endSessionAction(sessionId: string) {
  return securityAction(null, undefined, async () => {
    await endSession(await requirePortalActor(PAGE), String(sessionId), await portalRequestMeta());
    return { ok: true, message: "The session has ended." };
  });
}

export async function endOtherSessionsAction() {
  return securityAction(null, undefined, async () => {
    const count = await endOtherSessions(await requirePortalActor(PAGE), await portalRequestMeta());
    return { ok: true, message: count === 1 ? "1 other session has ended." : `${count} other sessions have ended.` };
  });
}

export async function renameDeviceAction(deviceId: string, input: unknown) {
  return securityAction(renameDeviceSchema, input, async ({ name }) => {
    await renameDevice(await requirePortalActor(PAGE), String(deviceId), name, await portalRequestMeta());
    return { ok: true, message: "Device renamed." };
  });
}

export async function removeDeviceAction(deviceId: string) {
  return securityAction(null, undefined, async () => {
    await removeDevice(await requirePortalActor(PAGE), String(deviceId), await portalRequestMeta());
    return { ok: true, message: "Device removed; its sessions have ended." };
  });
}
