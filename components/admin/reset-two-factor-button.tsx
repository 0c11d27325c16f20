"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import type { FormNoticeState } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm";
import { Notice } from "@/components/ui/notice";
import { useToast } from "@/components/ui/toast";
import type { FormResult } from "@/lib/portal/form-result";

export function ResetTwoFactorButton({
  userId,
  username,
  action,
}: {
  userId: string;
  username: string;
  action: (userId: string) => Promise<FormResult>;
}) {
  const t = useTranslations("admin.twoFactor");
  const confirm = useConfirm();
  const toast = useToast();
  const [pending, start] = useTransition();
  const [notice, setNotice] = useState<FormNoticeState | null>(null);
  const reset = async () => {
    if (!(await confirm({ title: t("title", { username }), body: t("body"), confirmLabel: t("confirm") }))) return;
    start(async () => {
      const result = await action(userId);
      // On success the page reloads without this button (two-factor sign-in is off): the notice goes to a toast.
      if (result.ok) toast("success", result.message);
      else setNotice({ tone: "error", text: result.message });
    });
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" variant="danger" pending={pending} onClick={reset}>
        {pending ? t("resetting") : t("reset")}
      </Button>
      {notice && (
        <div className="min-w-0 flex-1">
          <Notice tone={notice.tone}>{notice.text}</Notice>
        </div>
      )}
    </div>
  );
}
