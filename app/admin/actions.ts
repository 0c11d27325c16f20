"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { resetTwoFactorByStaff } from "@/lib/account/two-factor";
import { idSchema } from "@/lib/http/operation";
import { portalAction } from "@/lib/portal/action";
import { deleteAccountAsStaff } from "@/lib/privacy/deletion";
import { staffUpdateUserSchema } from "@/lib/users/schemas";
import { updateUserAsStaff } from "@/lib/users/service";
import { createWarningSchema } from "@/lib/warnings/schemas";
import { createWarning, revokeWarning } from "@/lib/warnings/service";

const userPage = ([userId]: readonly [string, ...unknown[]]) => [`/admin/users/${userId}`];
const message = async (
  key: "updated" | "suspended" | "unsuspended" | "warningRecorded" | "warningRevoked" | "twoFactorReset" | "accountDeleted",
) => (await getTranslations("admin.actions"))(key);

export const updateUserAction = portalAction({
  signIn: "/admin/users",
  // Suspension has its own action (a required reason, asked in a dialog); this form leaves it alone.
  args: z.tuple([idSchema, z.coerce.number().int(), staffUpdateUserSchema.omit({ suspended: true, suspensionReason: true })]),
  run: async ([userId, version, input], { actor, meta }) => {
    await updateUserAsStaff(actor, userId, input, version, meta);
    return message("updated");
  },
  revalidate: userPage,
});

/** Suspends with a reason (required here: the portal asks for it in the confirmation dialog), or lifts a suspension. */
export const setSuspensionAction = portalAction({
  signIn: "/admin/users",
  args: z.tuple([
    idSchema,
    z.coerce.number().int(),
    z.discriminatedUnion("suspended", [
      z.object({ suspended: z.literal(true), suspensionReason: z.string().trim().min(1, "Give a reason for the suspension.").max(500) }),
      z.object({ suspended: z.literal(false) }),
    ]),
  ]),
  run: async ([userId, version, input], { actor, meta }) => {
    await updateUserAsStaff(actor, userId, input, version, meta);
    return message(input.suspended ? "suspended" : "unsuspended");
  },
  revalidate: userPage,
});

export const createWarningAction = portalAction({
  signIn: "/admin/users",
  args: z.tuple([idSchema, createWarningSchema]),
  run: async ([userId, input], { actor, meta }) => {
    await createWarning(actor, userId, input, meta);
    return message("warningRecorded");
  },
  revalidate: userPage,
});

export const revokeWarningAction = portalAction({
  signIn: "/admin/users",
  args: z.tuple([idSchema, idSchema]),
  run: async ([, warningId], { actor, meta }) => {
    await revokeWarning(actor, warningId, meta);
    return message("warningRevoked");
  },
  revalidate: userPage,
});

export const resetTwoFactorAction = portalAction({
  signIn: "/admin/users",
  args: z.tuple([idSchema]),
  run: async ([userId], { actor, meta }) => {
    await resetTwoFactorByStaff(actor, userId, meta);
    return message("twoFactorReset");
  },
  revalidate: userPage,
});

/** Deletes an account (users.delete; docs/privacy.md); the page of a deleted account is 404, so success goes to the list. */
export const deleteUserAction = portalAction({
  signIn: "/admin/users",
  args: z.tuple([idSchema]),
  run: async ([userId], { actor, meta }) => {
    await deleteAccountAsStaff(actor, userId, null, meta);
    return message("accountDeleted");
  },
  redirect: () => "/admin/users",
});
