"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/ui/use-action";
import type { FormResult } from "@/lib/portal/form-result";
import { ProjectLogo } from "./project-images";

/** An invitation waiting for the reader's answer, its texts already in the reader's words. */
export interface MyInvitation {
  id: string;
  project: { name: string };
  /** "Paul invites you as Tester": the inviter and the role, put together on the server. */
  summary: string;
  /** The day it expires (a LocalTime). */
  expires: ReactNode;
}

export interface InvitationAnswers {
  accept: (invitationId: string) => Promise<FormResult>;
  decline: (invitationId: string) => Promise<FormResult>;
}

/**
 * My projects' invitations to teams: Accept joins at once; Decline asks first. The result is a
 * toast; the page then shows the new team in its list (or the invitation gone).
 */
export function MyInvitations({
  invitations,
  label,
  answers,
}: {
  invitations: MyInvitation[];
  /** The list's accessible name (the card's title). */
  label: string;
  answers: InvitationAnswers;
}) {
  // Only `projects.invitations.answer` reaches the browser (app/my-projects/layout.tsx).
  const t = useTranslations("projects.invitations.answer");
  const { run, pending, busy } = useAction();
  const decline = (invitation: MyInvitation) =>
    run(() => answers.decline(invitation.id), {
      key: `decline-${invitation.id}`,
      confirm: { title: t("declineTitle", { project: invitation.project.name }), body: t("declineBody"), confirmLabel: t("decline") },
    });

  return (
    <ul aria-label={label} className="divide-y divide-slate-100">
      {invitations.map((invitation) => (
        <li key={invitation.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
          {/* The invitee may not see the project's pictures yet (a draft, a private project): its initial. */}
          <ProjectLogo project={{ name: invitation.project.name, logoUrl: null }} />
          <div className="min-w-0 flex-1 basis-48">
            <p className="font-semibold break-words text-slate-900">{invitation.project.name}</p>
            <p className="text-sm break-words text-slate-600">{invitation.summary}</p>
            <p className="text-xs text-slate-500">{t.rich("expires", { time: () => invitation.expires })}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              pending={busy === `accept-${invitation.id}`}
              disabled={pending}
              onClick={() => run(() => answers.accept(invitation.id), { key: `accept-${invitation.id}` })}
              aria-label={t("acceptLabel", { project: invitation.project.name })}
            >
              {t("accept")}
            </Button>
            <Button
              type="button"
              variant="secondary"
              pending={busy === `decline-${invitation.id}`}
              disabled={pending}
              onClick={() => decline(invitation)}
              aria-label={t("declineLabel", { project: invitation.project.name })}
            >
              {t("decline")}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
