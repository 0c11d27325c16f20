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

const answerAction = (answer: typeof acceptInvitation | typeof declineInvitation, done: "accepted" | "declined") =>
  portalAction({
    signIn: "/my-projects",
    args: z.tuple([idSchema]),
    run: async ([invitationId], { actor, meta }) => {
      const invitation = await answer(actor, invitationId, meta);
      return (await getTranslations("projects.invitations"))(done, { project: invitation.project.name });
    },
    revalidate: everywhere,
  });

export const acceptInvitationAction = answerAction(acceptInvitation, "accepted");
export const declineInvitationAction = answerAction(declineInvitation, "declined");
