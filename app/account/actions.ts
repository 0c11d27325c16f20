"use server";

import { revalidatePath } from "next/cache";
import { auditContext } from "@/lib/auth/actor";
import { portalRequestMeta, requirePortalActor } from "@/lib/auth/portal";
import { createOwnToken } from "@/lib/auth/token-management";
import { createTokenSchema } from "@/lib/auth/schemas";
import { revokeToken } from "@/lib/auth/tokens";
import { formFailure, type FormResult } from "@/lib/portal/form-result";
import { emailChangeFormSchema, profileFormSchema, profileFormToUpdate } from "@/lib/users/schemas";
import { updateOwnAccount } from "@/lib/users/service";


export async function updateProfileAction(input: unknown): Promise<FormResult<{ version: number }>> {
  const actor = await requirePortalActor("/account");
  const parsed = profileFormSchema.safeParse(input);
  if (!parsed.success) return formFailure(parsed.error);
  try {
    const { user } = await updateOwnAccount(actor, profileFormToUpdate(parsed.data), parsed.data.version, await portalRequestMeta());
    revalidatePath("/", "layout");
    return { ok: true, message: "Your profile is saved.", data: { version: user.version } };
  } catch (error) {
    return formFailure(error);
  }
}

export async function changeEmailAction(input: unknown): Promise<FormResult<{ version: number }>> {
  const actor = await requirePortalActor("/account");
  const parsed = emailChangeFormSchema.safeParse(input);
  if (!parsed.success) return formFailure(parsed.error);
  try {
    const { email, currentPassword, version } = parsed.data;
    const { user } = await updateOwnAccount(actor, { email, currentPassword }, version, await portalRequestMeta());
    revalidatePath("/account");
    return { ok: true, message: `We sent a confirmation link to ${email}. The new address is used once you open it.`, data: { version: user.version } };
  } catch (error) {
    return formFailure(error);
  }
}

export async function createTokenAction(input: unknown): Promise<FormResult<{ token: string }>> {
  const actor = await requirePortalActor("/account");
  const parsed = createTokenSchema.safeParse(input);
  if (!parsed.success) return formFailure(parsed.error);
  try {
    const created = await createOwnToken(actor, parsed.data, await portalRequestMeta());
    revalidatePath("/account");
    return { ok: true, message: "Token created. Copy it now: it is shown only once.", data: { token: created.token } };
  } catch (error) {
    return formFailure(error);
  }
}

export async function revokeTokenAction(tokenId: string): Promise<FormResult> {
  const actor = await requirePortalActor("/account");
  try {
    await revokeToken(actor.userId, String(tokenId), auditContext(actor, await portalRequestMeta()));
    revalidatePath("/account");
    return { ok: true, message: "Token revoked." };
  } catch (error) {
    return formFailure(error);
  }
}
