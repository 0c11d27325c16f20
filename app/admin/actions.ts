"use server";

import { z } from "zod";
import { idSchema } from "@/lib/http/operation";
import { portalAction } from "@/lib/portal/action";
import { staffUpdateUserSchema } from "@/lib/users/schemas";
import { updateUserAsStaff } from "@/lib/users/service";
import { createWarningSchema } from "@/lib/warnings/schemas";
import { createWarning, revokeWarning } from "@/lib/warnings/service";

const userPage = ([userId]: readonly [string, ...unknown[]]) => [`/admin/users/${userId}`];

export const updateUserAction = portalAction({
  signIn: "/admin/users",
  args: z.tuple([idSchema, z.coerce.number().int(), staffUpdateUserSchema]),
  run: async ([userId, version, input], { actor, meta }) => {
    await updateUserAsStaff(actor, userId, input, version, meta);
    return "The account is updated.";
  },
  revalidate: userPage,
});

export const createWarningAction = portalAction({
  signIn: "/admin/users",
  args: z.tuple([idSchema, createWarningSchema]),
  run: async ([userId, input], { actor, meta }) => {
    await createWarning(actor, userId, input, meta);
    return "The warning is recorded.";
  },
  revalidate: userPage,
});

export const revokeWarningAction = portalAction({
  signIn: "/admin/users",
  args: z.tuple([idSchema, idSchema]),
  run: async ([, warningId], { actor, meta }) => {
    await revokeWarning(actor, warningId, meta);
    return "The warning is revoked.";
  },
  revalidate: userPage,
});
