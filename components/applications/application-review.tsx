"use client";

import { useTranslations } from "next-intl";
import { type ReactNode, useState } from "react";
import type { z } from "zod";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { useAskReason } from "@/components/ui/confirm";
import { SelectField, TextField } from "@/components/ui/field";
import { LocalTime } from "@/components/ui/local-time";
import { Notice } from "@/components/ui/notice";
import { useToast } from "@/components/ui/toast";
import { useAction } from "@/components/ui/use-action";
import { REOPEN_WINDOW_MINUTES } from "@/lib/applications/reopen";
import { decisionFormSchema, type ApplicationView, type decisionSchema } from "@/lib/applications/schemas";
import type { FormResult } from "@/lib/portal/form-result";
import type { ProjectRef } from "./apply-panel";
import { ApplicationStatusBadge } from "./status-badge";

type DecideAction = (target: ProjectRef, applicationId: string, input: z.input<typeof decisionSchema>) => Promise<FormResult>;
/** Undoes a rejection (lib/applications/reopen.ts): the application is pending again. */
type ReopenAction = (target: ProjectRef, applicationId: string) => Promise<FormResult>;

/** Undoes a rejection and says how it went, in a toast (the Undo of the rejection's toast, or the history's button). */
function useReopen(target: ProjectRef, action: ReopenAction) {
  const { run, pending } = useAction();
  return { reopen: (applicationId: string) => run(() => action(target, applicationId)), reopening: pending };
}

/** `roles`: names in the reader's words, for the role the applicant asks for. */
function Applicant({ application, roles }: { application: ApplicationView; roles: { id: string; name: string }[] }) {
  const t = useTranslations("manage.applications");
  const { applicant } = application;
  const asked = application.role ? (roles.find((role) => role.id === application.role!.id)?.name ?? application.role.name) : null;
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={applicant.displayName} url={applicant.avatarUrl} size={40} />
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">
          {applicant.displayName} <span className="font-normal break-words text-slate-500">@{applicant.username}</span>
        </p>
        <p className="text-xs text-slate-500">
          {t.rich("since", { time: () => <LocalTime at={applicant.memberSince} format="date" /> })} ·{" "}
          {t.rich("applied", { time: () => <LocalTime at={application.createdAt} format="date" /> })}
          {/* An accepted application holds the role given, not the one asked for: the history says so. */}
          {asked ? ` · ${application.status === "ACCEPTED" ? t("acceptedAs", { role: asked }) : t("asksFor", { role: asked })}` : ""}
        </p>
      </div>
    </div>
  );
}

/**
 * Accept (with a role and an optional message) or Reject. Rejecting asks first, in a dialog that
 * takes the reason: it was one click next to Accept, and an application was rejected by accident.
 * Either outcome is a toast, since the application leaves the pending list when it is decided.
 */
function DecisionForm({
  target,
  application,
  grantableRoles,
  action,
  reopenAction,
}: {
  target: ProjectRef;
  application: ApplicationView;
  grantableRoles: { id: string; name: string; key: string | null }[];
  action: DecideAction;
  reopenAction: ReopenAction;
}) {
  const t = useTranslations("manage.applications");
  const askReason = useAskReason();
  const toast = useToast();
  const { reopen } = useReopen(target, reopenAction);
  // A refusal shows above the buttons; a success is the toast below, which offers the undo.
  const rejection = useAction({ success: "none", failure: "notice" });
  const requested = grantableRoles.find((role) => role.id === application.roleId);
  const member = grantableRoles.find((role) => role.key === "MEMBER") ?? grantableRoles[0];
  const name = application.applicant.displayName;
  const { form, submit, pending, notice } = useSchemaForm({
    schema: decisionFormSchema,
    defaultValues: { roleId: requested?.id ?? member?.id ?? "", reason: "" },
    action: (values) => action(target, application.id, { decision: "ACCEPT", roleId: values.roleId, reason: values.reason || undefined }),
    onSuccess: () => toast("success", t("acceptedToast", { name })),
  });
  const reject = async () => {
    const reason = await askReason({
      title: t("rejectTitle", { name }),
      body: t("rejectBody", { name, minutes: REOPEN_WINDOW_MINUTES }),
      confirmLabel: t("rejectConfirm"),
      input: { label: t("rejectReason"), required: false, maxLength: 500 },
    });
    if (reason === null) return;
    rejection.run(() => action(target, application.id, { decision: "REJECT", reason: reason || undefined }), {
      // A rejection by mistake is one click from undone; the history offers it too, for a while.
      onSuccess: ({ message }) => toast("success", message, { action: { label: t("undo"), onClick: () => reopen(application.id) } }),
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t("decideLabel", { name: application.applicant.username })} className="space-y-3">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      {rejection.notice && <Notice tone="error">{rejection.notice.text}</Notice>}
      <div className="grid gap-3 sm:grid-cols-2">
        {grantableRoles.length > 0 && (
          <SelectField
            label={t("acceptAs")}
            options={grantableRoles.map((role) => ({ value: role.id, label: role.name }))}
            error={form.formState.errors.roleId?.message}
            {...form.register("roleId")}
          />
        )}
        {grantableRoles.length > 0 && (
          <TextField label={t("acceptMessage")} error={form.formState.errors.reason?.message} {...form.register("reason")} />
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" pending={rejection.pending} disabled={pending} onClick={reject}>
          {t("reject")}
        </Button>
        {grantableRoles.length > 0 && (
          <Button type="submit" pending={pending} disabled={rejection.pending}>
            {t("accept")}
          </Button>
        )}
      </div>
    </form>
  );
}

/** Longer than this (or more than three lines), a message is clipped on a phone until opened. */
const CLIPPED_FROM = 140;

/**
 * The applicant's message in the history, under the outcome: plain text (React escapes it), its line
 * breaks kept. On a phone a long one shows three lines and a button that opens it whole; from 640 px
 * it is whole.
 */
function AppliedMessage({ message }: { message: string }) {
  const t = useTranslations("manage.applications");
  const [open, setOpen] = useState(false);
  const long = message.length > CLIPPED_FROM || message.split("\n").length > 3;
  return (
    <div className="pl-13">
      <p
        data-testid="application-message"
        className={`border-l-2 border-slate-200 pl-2 text-sm whitespace-pre-line break-words text-slate-700 ${open ? "" : "line-clamp-3 sm:line-clamp-none"}`}
      >
        {message}
      </p>
      {long && (
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          className="mt-1 pl-2 text-xs font-medium text-indigo-700 hover:underline sm:hidden"
        >
          {open ? t("showLess") : t("showMessage")}
        </button>
      )}
    </div>
  );
}

/** A rejection still inside its window: until when it may be undone, and the button that does it. */
function UndoRejection({
  target,
  application,
  until,
  action,
}: {
  target: ProjectRef;
  application: ApplicationView;
  until: string;
  action: ReopenAction;
}) {
  const t = useTranslations("manage.applications");
  const { reopen, reopening } = useReopen(target, action);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 pl-13 text-xs text-slate-500">
      <Button
        type="button"
        variant="secondary"
        pending={reopening}
        onClick={() => reopen(application.id)}
        aria-label={t("reopenLabel", { name: application.applicant.username })}
      >
        {t("reopen")}
      </Button>
      <span>{t.rich("reopenUntil", { time: () => <LocalTime at={until} format="dateTime" /> })}</span>
    </div>
  );
}

export function ApplicationReview({
  target,
  pending,
  decided,
  grantableRoles,
  canDecide,
  action,
  reopenAction,
  reopenableUntil,
  historyFilters,
  historyMore,
  filtered,
}: {
  target: ProjectRef;
  pending: ApplicationView[];
  decided: ApplicationView[];
  grantableRoles: { id: string; name: string; key: string | null }[];
  canDecide: boolean;
  /** Accepts or rejects one application. */
  action: DecideAction;
  reopenAction: ReopenAction;
  /** The rejections of `decided` that may still be undone, with until when (worked out on the server, lib/applications/reopen.ts). */
  reopenableUntil: Record<string, string>;
  /** The history's filters and its "Show more", rendered by the page from the address. */
  historyFilters?: ReactNode;
  historyMore?: ReactNode;
  /** Whether the history is narrowed by a filter (its empty state then says nothing matches). */
  filtered?: boolean;
}) {
  const t = useTranslations("manage.applications");
  return (
    <div className="space-y-8">
      <section aria-labelledby="pending-applications" className="space-y-4">
        <h3 id="pending-applications" className="font-semibold">
          {t("pending", { count: pending.length })}
        </h3>
        {pending.length === 0 && <p className="text-sm text-slate-500">{t("noPending")}</p>}
        <ul className="space-y-4">
          {pending.map((application) => (
            <li
              key={application.id}
              className="space-y-3 rounded-md p-4 ring-1 ring-slate-200"
              aria-label={t("applicationOf", { name: application.applicant.username })}
            >
              <Applicant application={application} roles={grantableRoles} />
              <p className="whitespace-pre-line break-words text-sm text-slate-700">{application.message}</p>
              {canDecide ? (
                <DecisionForm
                  target={target}
                  application={application}
                  grantableRoles={grantableRoles}
                  action={action}
                  reopenAction={reopenAction}
                />
              ) : (
                <p className="text-xs text-slate-500">{t("readOnly")}</p>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="decided-applications" className="space-y-4">
        <h3 id="decided-applications" className="font-semibold">
          {t("history")}
        </h3>
        {historyFilters}
        {decided.length === 0 && <p className="text-sm text-slate-500">{filtered ? t("noneFound") : t("noneDecided")}</p>}
        <ul className="divide-y divide-slate-100">
          {decided.map((application) => (
            <li key={application.id} className="space-y-1 py-3">
              <Applicant application={application} roles={grantableRoles} />
              {/* What they wrote, then what was decided and why: the decision answers the message. */}
              <AppliedMessage message={application.message} />
              {/* The outcome under the name (past the 40 px avatar and its gap), at every width. */}
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1 pl-13 text-xs text-slate-500" data-testid="application-outcome">
                <ApplicationStatusBadge status={application.status} />
                {application.decidedAt && <LocalTime at={application.decidedAt} />}
              </div>
              {application.reason && (
                <p className="pl-13 text-xs break-words text-slate-600">{t("reasonQuoted", { reason: application.reason })}</p>
              )}
              {canDecide && reopenableUntil[application.id] && (
                <UndoRejection target={target} application={application} until={reopenableUntil[application.id]} action={reopenAction} />
              )}
            </li>
          ))}
        </ul>
        {historyMore}
      </section>
    </div>
  );
}
