"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import type { FormNoticeState } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm";
import { RowNotice } from "@/components/ui/notice";
import { useToast } from "@/components/ui/toast";
import type { FormResult } from "@/lib/portal/form-result";

/**
 * A grave staff action on an account (deleting it, turning its two-factor sign-in off), behind a
 * confirmation dialog that names the account. Success is a toast (the page reloads without the
 * button, or leaves for the user list); a refusal stays next to the button.
 */
export function ConfirmedUserAction({
  userId,
  username,
  words,
  action,
}: {
  userId: string;
  username: string;
  /** The catalogue section with the button (`action`, `pending`) and the dialog (`title`, `body`, `confirm`). */
  words: "admin.deleteAccount" | "admin.twoFactor";
  action: (userId: string) => Promise<FormResult>;
}) {
  const t = useTranslations(words);
  const confirm = useConfirm();
  const toast = useToast();
  const [pending, start] = useTransition();
  const [notice, setNotice] = useState<FormNoticeState | null>(null);
  const run = async () => {
    if (!(await confirm({ title: t("title", { username }), body: t("body"), confirmLabel: t("confirm") }))) return;
    start(async () => {
      const result = await action(userId);
      if (result.ok) toast("success", result.message);
      else setNotice({ tone: "error", text: result.message });
    });
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" variant="danger" pending={pending} onClick={run}>
        {pending ? t("pending") : t("action")}
      </Button>
      <RowNotice notice={notice} />
    </div>
  );
}
