"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import type { FormNoticeState } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm";
import { Notice } from "@/components/ui/notice";
import type { FormResult } from "@/lib/portal/form-result";

/** The staff user page's "Delete account" (users.delete), behind a confirmation dialog; success leaves for the user list. */
export function DeleteAccountButton({
  userId,
  username,
  action,
}: {
  userId: string;
  username: string;
  action: (userId: string) => Promise<FormResult>;
}) {
  const t = useTranslations("admin.deleteAccount");
  const confirm = useConfirm();
  const [pending, start] = useTransition();
  const [notice, setNotice] = useState<FormNoticeState | null>(null);
  const remove = async () => {
    if (!(await confirm({ title: t("title", { username }), body: t("body"), confirmLabel: t("confirm") }))) return;
    start(async () => {
      const result = await action(userId);
      if (!result.ok) setNotice({ tone: "error", text: result.message });
    });
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" variant="danger" pending={pending} onClick={remove}>
        {pending ? t("deleting") : t("delete")}
      </Button>
      {notice && (
        <div className="min-w-0 flex-1">
          <Notice tone={notice.tone}>{notice.text}</Notice>
        </div>
      )}
    </div>
  );
}
