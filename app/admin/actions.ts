"use server";

import { z } from "zod";
import { done } from "@/lib/portal/answers";
import { resetTwoFactorByStaff } from "@/lib/account/two-factor";
import { idSchema } from "@/lib/http/operation";
import { portalAction } from "@/lib/portal/action";
import { deleteAccountAsStaff } from "@/lib/privacy/deletion";
import { staffUpdateUserSchema } from "@/lib/users/schemas";
import { updateUserAsStaff } from "@/lib/users/service";
import { createWarningSchema } from "@/lib/warnings/schemas";
import { createWarning, revokeWarning } from "@/lib/warnings/service";

const userPage = ([userId]: readonly [string, ...unknown[]]) => [`/admin/users/${userId}`];

export const updateUserAction = portalAction({
  signIn: "/admin/users",
  // Suspension has its own action (a required reason, asked in a dialog); this form leaves it alone.
  args: z.tuple([idSchema, z.coerce.number().int(), staffUpdateUserSchema.omit({ suspended: true, suspensionReason: true })]),
  run: ([userId, version, input], { actor, meta }) => done(updateUserAsStaff(actor, userId, input, version, meta), "admin.actions.updated"),
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
  run: ([userId, version, input], { actor, meta }) =>
    done(updateUserAsStaff(actor, userId, input, version, meta), input.suspended ? "admin.actions.suspended" : "admin.actions.unsuspended"),
  revalidate: userPage,
});

export const createWarningAction = portalAction({
  signIn: "/admin/users",
  args: z.tuple([idSchema, createWarningSchema]),
  run: ([userId, input], { actor, meta }) => done(createWarning(actor, userId, input, meta), "admin.actions.warningRecorded"),
  revalidate: userPage,
});

export const revokeWarningAction = portalAction({
  signIn: "/admin/users",
  args: z.tuple([idSchema, idSchema]),
  run: ([, warningId], { actor, meta }) => done(revokeWarning(actor, warningId, meta), "admin.actions.warningRevoked"),
  revalidate: userPage,
});

export const resetTwoFactorAction = portalAction({
  signIn: "/admin/users",
  args: z.tuple([idSchema]),
  run: ([userId], { actor, meta }) => done(resetTwoFactorByStaff(actor, userId, meta), "admin.actions.twoFactorReset"),
  revalidate: userPage,
});

/** Deletes an account (users.delete; docs/privacy.md); the page of a deleted account is 404, so success goes to the list. */
export const deleteUserAction = portalAction({
  signIn: "/admin/users",
  args: z.tuple([idSchema]),
  run: ([userId], { actor, meta }) => done(deleteAccountAsStaff(actor, userId, null, meta), "admin.actions.accountDeleted"),
  redirect: () => "/admin/users",
});
