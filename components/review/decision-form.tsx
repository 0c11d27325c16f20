"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { TextAreaField } from "@/components/ui/textarea";
import type { FormResult } from "@/lib/portal/form-result";
import { CHECKLIST_ITEMS, decisionSchema } from "@/lib/reviews/schemas";

type Values = z.input<typeof decisionSchema>;
const ITEMS = Object.keys(CHECKLIST_ITEMS) as (keyof typeof CHECKLIST_ITEMS)[];

type Notice = { tone: "success" | "error"; text: string };

/**
 * The decision area of the review page. Its outcome survives the page's refresh after a decision
 * (the page re-renders with the new status, past reviews and history underneath it).
 */
export function DecisionPanel({ projectId, inReview, claimedByMe, claimedBy, claimAction, decideAction }: {
  projectId: string;
  inReview: boolean;
  claimedByMe: boolean;
  claimedBy: string | null;
  claimAction: (projectId: string, release: boolean) => Promise<FormResult>;
  decideAction: (projectId: string, input: Values) => Promise<FormResult>;
}) {
  const [outcome, setOutcome] = useState<Notice | null>(null);
  if (outcome) {
    return (
      <div className="space-y-3">
        <Notice tone={outcome.tone}>{outcome.text}</Notice>
        <Link href="/review" className="text-sm font-semibold text-indigo-600">
          Back to the review queue
        </Link>
      </div>
    );
  }
  if (!inReview) return <Notice tone="info">This project is not waiting for review.</Notice>;
  return (
    <div className="space-y-6">
      <ClaimButton projectId={projectId} claimedByMe={claimedByMe} claimedBy={claimedBy} action={claimAction} />
      {!claimedBy && <DecisionForm projectId={projectId} action={decideAction} onDecided={setOutcome} />}
    </div>
  );
}

/** `action` claims the project, or releases the claim when `release` is true. */
function ClaimButton({ projectId, claimedByMe, claimedBy, action }: {
  projectId: string;
  claimedByMe: boolean;
  claimedBy: string | null;
  action: (projectId: string, release: boolean) => Promise<FormResult>;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <div className="space-y-2">
      {message && <Notice tone={message.ok ? "success" : "error"}>{message.text}</Notice>}
      <p className="text-sm text-slate-600">
        {claimedByMe
          ? "You have claimed this project."
          : claimedBy
            ? `Claimed by ${claimedBy}.`
            : "Nobody has claimed this project. Claim it while you review; a decision recorded without a claim claims it for you."}
      </p>
      <Button
        type="button"
        variant="secondary"
        pending={pending}
        onClick={() =>
          startTransition(async () => {
            const result = await action(projectId, claimedByMe);
            setMessage({ ok: result.ok, text: result.message });
            router.refresh();
          })
        }
      >
        {claimedByMe ? "Release claim" : "Claim for review"}
      </Button>
    </div>
  );
}

function DecisionForm({ projectId, action, onDecided }: {
  projectId: string;
  action: (projectId: string, input: Values) => Promise<FormResult>;
  onDecided: (outcome: Notice) => void;
}) {
  const form = useForm<Values>({
    resolver: zodResolver(decisionSchema),
    defaultValues: {
      decision: "APPROVE",
      checklist: Object.fromEntries(ITEMS.map((item) => [item, { passed: false, note: "" }])) as Values["checklist"],
      publicReason: "",
      internalNote: "",
    },
  });
  const { submit, pending, notice } = useActionForm(form, async (values) => {
    const result = await action(projectId, { ...values, publicReason: values.publicReason || undefined, internalNote: values.internalNote || undefined });
    if (result.ok) onDecided({ tone: "success", text: result.message });
    return result;
  });
  const errors = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate aria-label="Decision" className="space-y-5">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">Checklist</legend>
        {ITEMS.map((item) => (
          <div key={item} className="grid gap-2 rounded-md p-3 ring-1 ring-slate-200 sm:grid-cols-[1fr_1fr]">
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-0.5 size-4" {...form.register(`checklist.${item}.passed`)} />
              <span>{CHECKLIST_ITEMS[item]}</span>
            </label>
            <input aria-label={`Note on ${item}`} placeholder="Note for the team" className="rounded-md px-3 py-1.5 text-sm ring-1 ring-slate-300" {...form.register(`checklist.${item}.note`)} />
          </div>
        ))}
      </fieldset>
      <fieldset className="flex gap-4">
        <legend className="mb-1 text-sm font-medium">Decision</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="APPROVE" {...form.register("decision")} /> Approve and publish
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="REJECT" {...form.register("decision")} /> Reject
        </label>
      </fieldset>
      <TextAreaField label="Public reason (the team sees it)" rows={3} error={errors.publicReason?.message} {...form.register("publicReason")} />
      <TextAreaField label="Internal note (platform team only)" rows={2} error={errors.internalNote?.message} {...form.register("internalNote")} />
      <div className="flex justify-end">
        <Button type="submit" pending={pending}>
          Record decision
        </Button>
      </div>
    </form>
  );
}
