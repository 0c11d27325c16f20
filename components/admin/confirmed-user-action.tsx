"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { RowNotice } from "@/components/ui/notice";
import { useAction } from "@/components/ui/use-action";
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
  const { run, pending, notice } = useAction({ success: "toast", failure: "notice" });
  const onClick = () =>
    run(() => action(userId), { confirm: { title: t("title", { username }), body: t("body"), confirmLabel: t("confirm") } });
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" variant="danger" pending={pending} onClick={onClick}>
        {pending ? t("pending") : t("action")}
      </Button>
      <RowNotice notice={notice} />
    </div>
  );
}
