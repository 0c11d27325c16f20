"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { TextAreaField } from "@/components/ui/textarea";
import { useAction } from "@/components/ui/use-action";
import type { FormResult } from "@/lib/portal/form-result";

/**
 * The staff console's trust switch (PUT /projects/{id}/trust): the current state and the last
 * reason, and a switch that asks for the reason (required) and a confirmation. A trusted team
 * publishes releases without release review.
 */
export function TrustSwitch({
  projectId,
  version,
  trusted,
  reason,
  action,
}: {
  projectId: string;
  version: number;
  trusted: boolean;
  reason: string | null;
  action: (projectId: string, version: number, input: { trusted: boolean; reason: string }) => Promise<FormResult>;
}) {
  const t = useTranslations("review.decision.trust");
  const router = useRouter();
  const { run, pending, notice } = useAction({ success: "notice", failure: "notice" });
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const next = !trusted;
  const change = () => {
    if (!text.trim()) {
      setError(t("reasonRequired"));
      return;
    }
    setError(null);
    run(() => action(projectId, version, { trusted: next, reason: text.trim() }), {
      confirm: {
        title: next ? t("trustTitle") : t("untrustTitle"),
        body: next ? t("trustBody") : t("untrustBody"),
        confirmLabel: next ? t("trust") : t("untrust"),
        ...(next ? { tone: "primary" as const } : {}),
      },
      onSuccess: () => {
        setText("");
        router.refresh();
      },
    });
  };
  return (
    <div className="space-y-3" data-testid="trust-switch">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <p className="text-sm">
        <span className="font-medium">{trusted ? t("isTrusted") : t("isNotTrusted")}</span>
        {reason ? <span className="text-slate-600"> {t("lastReason", { reason })}</span> : null}
      </p>
      <TextAreaField
        label={t("reason")}
        rows={2}
        value={text}
        error={error ?? undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="button" variant={next ? "primary" : "danger"} pending={pending} onClick={change}>
        {next ? t("trust") : t("untrust")}
      </Button>
    </div>
  );
}
