"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useAskReason } from "@/components/ui/confirm";
import { Notice } from "@/components/ui/notice";
import { useAction } from "@/components/ui/use-action";
import type { FormResult } from "@/lib/portal/form-result";

/**
 * Acknowledges the changes of a project on the change list, after a confirmation that asks for an
 * optional internal note. `version` is the project version the reviewer read: a change made since
 * makes the acknowledgement fail (412) instead of covering what the reviewer has not seen.
 */
export function AcknowledgeButton({
  projectId,
  version,
  action,
}: {
  projectId: string;
  version: number;
  action: (projectId: string, version: number, internalNote: string) => Promise<FormResult>;
}) {
  const t = useTranslations("review.changes");
  const askNote = useAskReason();
  const router = useRouter();
  // Acknowledged, the project leaves the change list and this button with it: the outcome is a
  // toast, which outlives the refresh (a notice here would vanish with the button).
  const { run, pending, notice } = useAction({ failure: "notice" });
  const acknowledge = async () => {
    const note = await askNote({
      title: t("acknowledgeTitle"),
      body: t("acknowledgeBody"),
      confirmLabel: t("acknowledge"),
      tone: "primary",
      input: { label: t("acknowledgeNote"), required: false, maxLength: 5000 },
    });
    if (note !== null) run(() => action(projectId, version, note), { onSuccess: () => router.refresh() });
  };
  return (
    <div className="space-y-2">
      {notice && <Notice tone="error">{notice.text}</Notice>}
      <Button type="button" pending={pending} onClick={acknowledge}>
        {t("acknowledge")}
      </Button>
    </div>
  );
}
