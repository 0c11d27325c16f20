"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { ListOrNone } from "@/components/ui/list-or-none";

/** A pending invitation as the team tab shows it: every text already in the reader's words. */
export interface PendingInvitation {
  id: string;
  invitee: { username: string; displayName: string; avatarUrl: string | null };
  /** The role's name (a default role translated); null when the role was deleted since. */
  role: string | null;
  invitedBy: string | null;
  /** The day it expires, formatted. */
  expires: string;
  /** The reader may revoke it (an invitation into a role below their rank). */
  revocable: boolean;
}

/** The invitations waiting for an answer, each with Revoke; a card per invitation, so it fits a phone. */
export function PendingInvitations({
  invitations,
  busy,
  onRevoke,
}: {
  invitations: PendingInvitation[];
  /** The invitation whose revocation is running. */
  busy: string | null;
  onRevoke: (invitation: PendingInvitation) => void;
}) {
  const t = useTranslations("manage.team");
  const heading = useId();
  return (
    <section aria-labelledby={heading} className="space-y-2">
      <h3 id={heading} className="font-semibold">
        {t("invitationsHeading")}
      </h3>
      <ListOrNone items={invitations} none={t("invitationsEmpty")}>
        <ul aria-label={t("invitationsList")} className="divide-y divide-slate-100 text-sm">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-3">
              <Avatar name={invitation.invitee.displayName} url={invitation.invitee.avatarUrl} size={32} />
              <div className="min-w-0 flex-1 basis-48">
                <p className="break-words">
                  <span className="font-medium text-slate-900">{invitation.invitee.displayName}</span>{" "}
                  <span className="break-all text-slate-500">@{invitation.invitee.username}</span>
                </p>
                <p className="text-slate-600">
                  {invitation.role ? t("invitationRole", { role: invitation.role }) : t("invitationRoleGone")}
                  {" · "}
                  {invitation.invitedBy
                    ? t("invitationBy", { name: invitation.invitedBy, date: invitation.expires })
                    : t("invitationExpires", { date: invitation.expires })}
                </p>
              </div>
              {invitation.revocable && (
                <Button
                  type="button"
                  variant="ghost"
                  className="ml-auto"
                  pending={busy === invitation.id}
                  onClick={() => onRevoke(invitation)}
                  aria-label={t("revokeOf", { name: invitation.invitee.displayName })}
                >
                  {t("revoke")}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </ListOrNone>
    </section>
  );
}
