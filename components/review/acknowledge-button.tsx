"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm";
import { Notice } from "@/components/ui/notice";
import { useToast } from "@/components/ui/toast";
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
  const confirm = useConfirm();
  const router = useRouter();
  const toast = useToast();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    const note = await confirm({
      title: t("acknowledgeTitle"),
      body: t("acknowledgeBody"),
      confirmLabel: t("acknowledge"),
      tone: "primary",
      input: { label: t("acknowledgeNote"), required: false, maxLength: 5000 },
    });
    if (note === null || note === false) return;
    startTransition(async () => {
      const result = await action(projectId, version, typeof note === "string" ? note : "");
      if (!result.ok) {
        setError(result.message);
        return;
      }
      // Acknowledged, the project leaves the change list and this button with it: the outcome is a
      // toast, which outlives the refresh (a notice here would vanish with the button).
      toast("success", result.message);
      router.refresh();
    });
  };
  return (
    <div className="space-y-2">
      {error && <Notice tone="error">{error}</Notice>}
      <Button type="button" pending={pending} onClick={run}>
        {t("acknowledge")}
      </Button>
    </div>
  );
}
