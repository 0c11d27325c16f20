"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { idSchema } from "@/lib/http/operation";
import { acceptInvitation, declineInvitation } from "@/lib/invitations/service";
import { portalAction, type Revalidation } from "@/lib/portal/action";

/**
 * Answering an invitation to a team from My projects. Each calls the same service as the API
 * (`POST /users/me/invitations/{id}/accept` and `.../decline`), which checks everything again.
 */

const everywhere: Revalidation[] = [["/", "layout"]];

export const acceptInvitationAction = portalAction({
  signIn: "/my-projects",
  args: z.tuple([idSchema]),
  run: async ([invitationId], { actor, meta }) => {
    const invitation = await acceptInvitation(actor, invitationId, meta);
    return (await getTranslations("projects.invitations"))("accepted", { project: invitation.project.name });
  },
  revalidate: everywhere,
});

export const declineInvitationAction = portalAction({
  signIn: "/my-projects",
  args: z.tuple([idSchema]),
  run: async ([invitationId], { actor, meta }) => {
    const invitation = await declineInvitation(actor, invitationId, meta);
    return (await getTranslations("projects.invitations"))("declined", { project: invitation.project.name });
  },
  revalidate: everywhere,
});
