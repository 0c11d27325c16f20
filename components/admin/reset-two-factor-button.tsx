"use client";

import { useState, useTransition } from "react";
import type { FormNoticeState } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import type { FormResult } from "@/lib/portal/form-result";

export function ResetTwoFactorButton({ userId, username, action }: { userId: string; username: string; action: (userId: string) => Promise<FormResult> }) {
  const [pending, start] = useTransition();
  const [notice, setNotice] = useState<FormNoticeState | null>(null);
  const reset = () => {
    if (!window.confirm(`Turn off two-factor sign-in for @${username}? Do this only after proving who asks (the account then has the password only). A security warning is recorded and the user is mailed.`)) return;
    start(async () => {
      const result = await action(userId);
      setNotice({ tone: result.ok ? "success" : "error", text: result.message });
    });
  };
  return (
    <div className="space-y-3">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <Button type="button" variant="danger" pending={pending} onClick={reset}>
        {pending ? "Resetting…" : "Reset two-factor sign-in"}
      </Button>
    </div>
  );
}
