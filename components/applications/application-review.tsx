"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRef } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { decisionFormSchema, type ApplicationView, type decisionSchema } from "@/lib/applications/schemas";
import type { FormResult } from "@/lib/portal/form-result";
import type { ProjectRef } from "./apply-panel";
import { ApplicationStatusBadge } from "./status-badge";

type Values = z.input<typeof decisionFormSchema>;

type DecideAction = (target: ProjectRef, applicationId: string, input: z.input<typeof decisionSchema>) => Promise<FormResult>;

function Applicant({ application }: { application: ApplicationView }) {
  const { applicant } = application;
  return (
    <div className="flex items-center gap-3">
      {applicant.avatarUrl ? (
        // eslint-disable-next-line @next/next/no-img-element -- user-provided avatars from any https host
        <img src={applicant.avatarUrl} alt="" className="size-10 rounded-full object-cover" />
      ) : (
        <span aria-hidden className="flex size-10 items-center justify-center rounded-full bg-slate-200 font-semibold text-slate-600">
          {applicant.displayName.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div>
        <p className="font-medium text-slate-900">
          {applicant.displayName} <span className="font-normal text-slate-500">@{applicant.username}</span>
        </p>
        <p className="text-xs text-slate-500">
          Member of the platform since {new Date(applicant.memberSince).toLocaleDateString("en")} · applied {new Date(application.createdAt).toLocaleDateString("en")}
          {application.role ? ` · asks to be ${application.role.name}` : ""}
        </p>
      </div>
    </div>
  );
}

function DecisionForm({ target, application, grantableRoles, action }: { target: ProjectRef; application: ApplicationView; grantableRoles: { id: string; name: string; key: string | null }[]; action: DecideAction }) {
  const choice = useRef<"ACCEPT" | "REJECT">("ACCEPT");
  const requested = grantableRoles.find((role) => role.id === application.roleId);
  const member = grantableRoles.find((role) => role.key === "MEMBER") ?? grantableRoles[0];
  const form = useForm<Values>({ resolver: zodResolver(decisionFormSchema), defaultValues: { roleId: requested?.id ?? member?.id ?? "", reason: "" } });
  const { submit, pending, notice } = useActionForm(form, (values) =>
    action(target, application.id, choice.current === "ACCEPT" ? { decision: "ACCEPT", roleId: values.roleId, reason: values.reason || undefined } : { decision: "REJECT", reason: values.reason || undefined }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={`Decide the application of ${application.applicant.username}`} className="space-y-3">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <div className="grid gap-3 sm:grid-cols-2">
        {grantableRoles.length > 0 && (
          <SelectField label="Accept as" options={grantableRoles.map((role) => ({ value: role.id, label: role.name }))} error={form.formState.errors.roleId?.message} {...form.register("roleId")} />
        )}
        <TextField label="Reason (shown to the applicant)" error={form.formState.errors.reason?.message} {...form.register("reason")} />
      </div>
      <div className="flex justify-end gap-2">
        <Button type="submit" variant="secondary" pending={pending && choice.current === "REJECT"} onClick={() => (choice.current = "REJECT")}>
          Reject
        </Button>
        {grantableRoles.length > 0 && (
          <Button type="submit" pending={pending && choice.current === "ACCEPT"} onClick={() => (choice.current = "ACCEPT")}>
            Accept
          </Button>
        )}
      </div>
    </form>
  );
}

export function ApplicationReview({
  target,
  pending,
  decided,
  grantableRoles,
  canDecide,
  action,
}: {
  target: ProjectRef;
  pending: ApplicationView[];
  decided: ApplicationView[];
  grantableRoles: { id: string; name: string; key: string | null }[];
  canDecide: boolean;
  /** Accepts or rejects one application. */
  action: DecideAction;
}) {
  return (
    <div className="space-y-8">
      <section aria-labelledby="pending-applications" className="space-y-4">
        <h3 id="pending-applications" className="font-semibold">
          Pending ({pending.length})
        </h3>
        {pending.length === 0 && <p className="text-sm text-slate-500">No pending applications.</p>}
        <ul className="space-y-4">
          {pending.map((application) => (
            <li key={application.id} className="space-y-3 rounded-md p-4 ring-1 ring-slate-200" aria-label={`Application of ${application.applicant.username}`}>
              <Applicant application={application} />
              <p className="whitespace-pre-line text-sm text-slate-700">{application.message}</p>
              {canDecide ? <DecisionForm target={target} application={application} grantableRoles={grantableRoles} action={action} /> : <p className="text-xs text-slate-500">Your role can read applications but not decide them.</p>}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="decided-applications" className="space-y-4">
        <h3 id="decided-applications" className="font-semibold">
          History
        </h3>
        {decided.length === 0 && <p className="text-sm text-slate-500">Nothing decided yet.</p>}
        <ul className="divide-y divide-slate-100">
          {decided.map((application) => (
            <li key={application.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <Applicant application={application} />
              <div className="text-right text-sm">
                <ApplicationStatusBadge status={application.status} />
                {application.decidedAt && <p className="text-xs text-slate-500">{new Date(application.decidedAt).toLocaleDateString("en")}</p>}
                {application.reason && <p className="text-xs text-slate-600">“{application.reason}”</p>}
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
