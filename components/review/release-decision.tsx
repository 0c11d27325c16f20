"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import { Notice } from "@/components/ui/notice";
import type { FormResult } from "@/lib/portal/form-result";
import { RELEASE_CHECKLIST_ITEMS, releaseDecisionSchema } from "@/lib/releases/schemas";
import { ChecklistDecisionForm, DecisionOutcome, type Outcome } from "./decision-form";

type Values = z.input<typeof releaseDecisionSchema>;
const ITEMS = Object.keys(RELEASE_CHECKLIST_ITEMS) as (keyof typeof RELEASE_CHECKLIST_ITEMS)[];

/**
 * The decision area of the release review page: the quality and security checklist and the
 * decision, on the revision the reviewer read. Its outcome stays while the page refreshes under it.
 */
export function ReleaseDecisionPanel({
  releaseId,
  revision,
  inReview,
  ownProject,
  action,
}: {
  releaseId: string;
  revision: number;
  inReview: boolean;
  ownProject: boolean;
  action: (releaseId: string, revision: number, input: Values) => Promise<FormResult>;
}) {
  const t = useTranslations("review.decision");
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (outcome) return <DecisionOutcome outcome={outcome} queue="/review?kind=RELEASE" />;
  if (!inReview) return <Notice tone="info">{t("releaseNotInReview")}</Notice>;
  if (ownProject) return <Notice tone="info">{t("ownRelease")}</Notice>;
  return (
    <ChecklistDecisionForm
      items={ITEMS}
      itemLabel={(item) => t(`releaseItems.${item as (typeof ITEMS)[number]}`)}
      schema={releaseDecisionSchema}
      action={(input) => action(releaseId, revision, input as Values)}
      onDecided={setOutcome}
    />
  );
}
