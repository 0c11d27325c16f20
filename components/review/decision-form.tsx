"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import type { z } from "zod";
import { FormFooter } from "@/components/forms/form-footer";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { TextAreaField } from "@/components/ui/textarea";
import { useAction } from "@/components/ui/use-action";
import type { FormResult } from "@/lib/portal/form-result";
import { CHECKLIST_ITEMS, decisionSchema } from "@/lib/reviews/schemas";
import { useReportChecks } from "./checks-progress";

type Values = z.input<typeof decisionSchema>;
const ITEMS = Object.keys(CHECKLIST_ITEMS) as (keyof typeof CHECKLIST_ITEMS)[];

export type Outcome = { tone: "success" | "error"; text: string };

/** What a decision answered, with the way back to its queue (the project or the release queue). */
export function DecisionOutcome({ outcome, queue }: { outcome: Outcome; queue: string }) {
  const t = useTranslations("review.decision");
  return (
    <div className="space-y-3">
      <Notice tone={outcome.tone}>{outcome.text}</Notice>
      <Link href={queue} className="text-sm font-semibold text-indigo-700">
        {t("backToQueue")}
      </Link>
    </div>
  );
}

/** A decision with a checklist, as project decisions (lib/reviews/schemas) and release decisions (lib/releases/schemas) take it. */
export type ChecklistDecision = {
  decision: "APPROVE" | "REJECT";
  checklist: Record<string, { passed: boolean; note?: string }>;
  publicReason?: string;
  internalNote?: string;
};

/**
 * The decision area of the review page. Its outcome survives the page's refresh after a decision
 * (the page re-renders with the new status, past reviews and history underneath it).
 */
export function DecisionPanel({
  projectId,
  inReview,
  claimedByMe,
  claimedBy,
  claimAction,
  decideAction,
}: {
  projectId: string;
  inReview: boolean;
  claimedByMe: boolean;
  claimedBy: string | null;
  claimAction: (projectId: string, release: boolean) => Promise<FormResult>;
  decideAction: (projectId: string, input: Values) => Promise<FormResult>;
}) {
  const t = useTranslations("review.decision");
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (outcome) return <DecisionOutcome outcome={outcome} queue="/review" />;
  if (!inReview) return <Notice tone="info">{t("notInReview")}</Notice>;
  return (
    <div className="space-y-6">
      <ClaimButton projectId={projectId} claimedByMe={claimedByMe} claimedBy={claimedBy} action={claimAction} />
      {!claimedBy && (
        <ChecklistDecisionForm
          items={ITEMS}
          itemLabel={(item) => t(`items.${item as (typeof ITEMS)[number]}`)}
          schema={decisionSchema}
          action={(input) => decideAction(projectId, input as Values)}
          onDecided={setOutcome}
        />
      )}
    </div>
  );
}

/** `action` claims the project, or releases the claim when `release` is true. */
function ClaimButton({
  projectId,
  claimedByMe,
  claimedBy,
  action,
}: {
  projectId: string;
  claimedByMe: boolean;
  claimedBy: string | null;
  action: (projectId: string, release: boolean) => Promise<FormResult>;
}) {
  const t = useTranslations("review.decision");
  const router = useRouter();
  // A claim or its release shows in the line below, which the refresh updates: only a refusal needs a
  // message (it said the same twice). A refusal refreshes too: someone else may hold the claim now.
  const { run, pending, notice } = useAction({ success: "none", failure: "notice" });
  const claim = () =>
    run(async () => {
      const result = await action(projectId, claimedByMe);
      router.refresh();
      return result;
    });
  return (
    <div className="space-y-2">
      {notice && <Notice tone="error">{notice.text}</Notice>}
      <p className="text-sm text-slate-600" role="status">
        {claimedByMe ? t("claimedByMe") : claimedBy ? t("claimedBy", { name: claimedBy }) : t("unclaimed")}
      </p>
      <Button type="button" variant="secondary" pending={pending} onClick={claim}>
        {claimedByMe ? t("release") : t("claim")}
      </Button>
    </div>
  );
}

/**
 * The checklist, the decision, the public reason (required to reject) and the internal note: the
 * one decision form of project review and release review, each with its own checklist and schema.
 */
export function ChecklistDecisionForm({
  items,
  itemLabel,
  schema,
  action,
  onDecided,
}: {
  items: readonly string[];
  itemLabel: (item: string) => string;
  schema: z.ZodType<unknown, ChecklistDecision>;
  action: (input: ChecklistDecision) => Promise<FormResult>;
  onDecided: (outcome: Outcome) => void;
}) {
  const t = useTranslations("review.decision");
  const { form, errors, submit, pending, notice } = useSchemaForm({
    schema,
    defaultValues: {
      decision: "APPROVE",
      checklist: Object.fromEntries(items.map((item) => [item, { passed: false, note: "" }])),
      publicReason: "",
      internalNote: "",
    },
    action: async (values) => {
      const result = await action({
        ...values,
        publicReason: values.publicReason || undefined,
        internalNote: values.internalNote || undefined,
      });
      if (result.ok) onDecided({ tone: "success", text: result.message });
      return result;
    },
  });
  // Approving needs every check ticked: the button waits for them instead of failing afterwards.
  const [decision, checklist] = useWatch({ control: form.control, name: ["decision", "checklist"] });
  const unticked = decision === "APPROVE" && items.some((item) => !checklist?.[item]?.passed);
  useReportChecks(items.filter((item) => checklist?.[item]?.passed).length, items.length);
  return (
    <form onSubmit={submit} noValidate aria-label={t("label")} className="space-y-5">
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">{t("checklist")}</legend>
        {items.map((item) => (
          <div key={item} className="grid gap-2 rounded-md p-3 ring-1 ring-slate-200 sm:grid-cols-[1fr_1fr]">
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-0.5 size-4" {...form.register(`checklist.${item}.passed`)} />
              <span>{itemLabel(item)}</span>
            </label>
            <input
              aria-label={t("noteOn", { item: itemLabel(item) })}
              placeholder={t("notePlaceholder")}
              className="rounded-md bg-white px-3 py-1.5 text-sm text-slate-900 ring-1 ring-inset ring-slate-300 placeholder:text-slate-600 focus:ring-2 focus:ring-indigo-600 focus:outline-none"
              {...form.register(`checklist.${item}.note`)}
            />
          </div>
        ))}
      </fieldset>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
        <legend className="mb-1 text-sm font-medium">{t("decision")}</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="APPROVE" {...form.register("decision")} /> {t("approve")}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="REJECT" {...form.register("decision")} /> {t("reject")}
        </label>
      </fieldset>
      <TextAreaField label={t("publicReason")} rows={3} error={errors.publicReason?.message} {...form.register("publicReason")} />
      <TextAreaField label={t("internalNote")} rows={2} error={errors.internalNote?.message} {...form.register("internalNote")} />
      <FormFooter pending={pending} label={t("record")} notice={notice} blockedBy={unticked ? t("tickEveryCheck") : null} />
    </form>
  );
}
