"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { ValidationFailed } from "@/lib/errors";
import { idSchema } from "@/lib/http/operation";
import { createInvitationSchema } from "@/lib/invitations/schemas";
import { createInvitation, revokeInvitation } from "@/lib/invitations/service";
import { changeMemberRole, removeMember, searchMemberCandidates, searchOwnerCandidates, transferOwnership } from "@/lib/members/service";
import { manageWrite, portalAction, projectPath, projectTarget } from "@/lib/portal/action";
import { findActiveUserId } from "@/lib/users/service";
import { done } from "@/lib/portal/answers";

/**
 * The Team tab's actions. Each parses with the API's schema and calls the same service as
 * the API, which checks every permission again. The portal invites; it does not add members
 * directly (docs/projects.md, "Invitations").
 */

export const inviteAction = portalAction({
  ...manageWrite("/team"),
  args: z.tuple([projectTarget, createInvitationSchema]),
  run: async ([{ projectId }, input], { actor, meta }) => {
    await createInvitation(actor, projectId, input, meta);
    return (await getTranslations("manage.done"))("invited", { username: input.username! });
  },
});

export const revokeInvitationAction = portalAction({
  ...manageWrite("/team"),
  args: z.tuple([projectTarget, idSchema]),
  run: ([{ projectId }, invitationId], { actor, meta }) =>
    done(revokeInvitation(actor, projectId, invitationId, meta), "manage.done.invitationRevoked"),
});

/** A combobox's suggestions: a read, so nothing is revalidated. */
const candidatesAction = (search: typeof searchMemberCandidates | typeof searchOwnerCandidates) =>
  portalAction({
    signIn: projectPath("/manage/team"),
    args: z.tuple([projectTarget, z.string().max(32)]),
    run: async ([{ projectId }, query], { actor }) => ({ message: "", data: { users: await search(actor, projectId, query) } }),
  });

/** The add-member combobox. */
export const searchMemberCandidatesAction = candidatesAction(searchMemberCandidates);
/** Transfer ownership's combobox: the accounts that may own the project. */
export const searchOwnerCandidatesAction = candidatesAction(searchOwnerCandidates);

export const changeMemberRoleAction = portalAction({
  ...manageWrite(),
  args: z.tuple([projectTarget, idSchema, idSchema]),
  run: ([{ projectId }, userId, roleId], { actor, meta }) =>
    done(changeMemberRole(actor, projectId, userId, roleId, meta), "manage.done.roleChanged"),
});

export const removeMemberAction = portalAction({
  ...manageWrite(),
  args: z.tuple([projectTarget, idSchema]),
  run: async ([{ projectId }, userId], { actor, meta }) => {
    await removeMember(actor, projectId, userId, meta);
    const t = await getTranslations("manage.done");
    return userId === actor.userId ? { message: t("left"), data: { left: true } } : { message: t("memberRemoved"), data: { left: false } };
  },
  redirect: (_, data) => (data?.left ? "/my-projects" : undefined),
});

export const transferOwnershipAction = portalAction({
  ...manageWrite(),
  args: z.tuple([projectTarget, z.string()]),
  run: async ([{ projectId }, username], { actor, meta }) => {
    const userId = await findActiveUserId(username);
    if (!userId) throw new ValidationFailed([{ path: "username", message: "There is no active account with this username." }]);
    await transferOwnership(actor, projectId, userId, meta);
    return (await getTranslations("manage.done"))("transferred", { username });
  },
});
