"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm";
import { RowNotice } from "@/components/ui/notice";
import type { FormResult } from "@/lib/portal/form-result";

export type SuspensionChange = { suspended: true; suspensionReason: string } | { suspended: false };

/** Suspends an account (a reason is required, asked in the confirmation dialog) or lifts its suspension. */
export function SuspensionPanel({
  userId,
  username,
  version,
  suspended,
  action,
}: {
  userId: string;
  username: string;
  version: number;
  suspended: boolean;
  action: (userId: string, version: number, change: SuspensionChange) => Promise<FormResult>;
}) {
  const t = useTranslations("admin.suspension");
  const confirm = useConfirm();
  const [pending, start] = useTransition();
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  const run = (change: SuspensionChange) =>
    start(async () => {
      const result = await action(userId, version, change);
      setNotice({ tone: result.ok ? "success" : "error", text: result.message });
    });

  const suspend = async () => {
    const reason = await confirm({
      title: t("suspendTitle", { username }),
      body: t("suspendBody"),
      confirmLabel: t("confirmSuspend"),
      input: { label: t("reason"), required: true, maxLength: 500 },
    });
    if (typeof reason === "string" && reason) run({ suspended: true, suspensionReason: reason });
  };
  const lift = async () => {
    if (await confirm({ title: t("liftTitle", { username }), body: t("liftBody"), confirmLabel: t("confirmLift"), tone: "primary" }))
      run({ suspended: false });
  };

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{suspended ? t("activeText") : t("inactiveText")}</p>
      <div className="flex flex-wrap items-center gap-3">
        {suspended ? (
          <Button type="button" variant="secondary" pending={pending} onClick={lift}>
            {t("lift")}
          </Button>
        ) : (
          <Button type="button" variant="danger" pending={pending} onClick={suspend}>
            {t("suspend")}
          </Button>
        )}
        <RowNotice notice={notice} />
      </div>
    </div>
  );
}
