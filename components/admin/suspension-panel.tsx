"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useAskReason } from "@/components/ui/confirm";
import { RowNotice } from "@/components/ui/notice";
import { useAction } from "@/components/ui/use-action";
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
  const askReason = useAskReason();
  const { run, pending, notice } = useAction({ success: "notice", failure: "notice" });

  const suspend = async () => {
    const reason = await askReason({
      title: t("suspendTitle", { username }),
      body: t("suspendBody"),
      confirmLabel: t("confirmSuspend"),
      input: { label: t("reason"), required: true, maxLength: 500 },
    });
    if (reason) run(() => action(userId, version, { suspended: true, suspensionReason: reason }));
  };
  const lift = () =>
    run(() => action(userId, version, { suspended: false }), {
      confirm: { title: t("liftTitle", { username }), body: t("liftBody"), confirmLabel: t("confirmLift"), tone: "primary" },
    });

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
