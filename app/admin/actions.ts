"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { resetTwoFactorByStaff } from "@/lib/account/two-factor";
import { portalRequestMeta, requirePortalActor } from "@/lib/auth/portal";
import { formFailure, type FormResult } from "@/lib/portal/form-result";
import { staffUpdateUserSchema } from "@/lib/users/schemas";
import { updateUserAsStaff } from "@/lib/users/service";
import { createWarningSchema } from "@/lib/warnings/schemas";
import { createWarning, revokeWarning } from "@/lib/warnings/service";

const id = z.string().min(1).max(64);

export async function updateUserAction(userId: string, version: number, input: unknown): Promise<FormResult> {
  const actor = await requirePortalActor("/admin/users");
  const parsed = staffUpdateUserSchema.safeParse(input);
  if (!parsed.success) return formFailure(parsed.error);
  try {
    await updateUserAsStaff(actor, id.parse(userId), parsed.data, Number(version), await portalRequestMeta());
    revalidatePath(`/admin/users/${userId}`);
    return { ok: true, message: "The account is updated." };
  } catch (error) {
    return formFailure(error);
  }
}

export async function createWarningAction(userId: string, input: unknown): Promise<FormResult> {
  const actor = await requirePortalActor("/admin/users");
  const parsed = createWarningSchema.safeParse(input);
  if (!parsed.success) return formFailure(parsed.error);
  try {
    await createWarning(actor, id.parse(userId), parsed.data, await portalRequestMeta());
    revalidatePath(`/admin/users/${userId}`);
    return { ok: true, message: "The warning is recorded." };
  } catch (error) {
    return formFailure(error);
  }
}

export async function revokeWarningAction(userId: string, warningId: string): Promise<FormResult> {
  const actor = await requirePortalActor("/admin/users");
  try {
    await revokeWarning(actor, id.parse(warningId), await portalRequestMeta());
    revalidatePath(`/admin/users/${userId}`);
    return { ok: true, message: "The warning is revoked." };
  } catch (error) {
    return formFailure(error);
  }
}

export async function resetTwoFactorAction(userId: string): Promise<FormResult> {
  const actor = await requirePortalActor("/admin/users");
  try {
    await resetTwoFactorByStaff(actor, id.parse(userId), await portalRequestMeta());
    revalidatePath(`/admin/users/${userId}`);
    return { ok: true, message: "Two-factor sign-in is off for this account. A security warning is recorded and the user has been mailed." };
  } catch (error) {
    return formFailure(error);
  }
}
