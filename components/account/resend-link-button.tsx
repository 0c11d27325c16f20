"use client";

import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import type { FormResult } from "@/lib/portal/form-result";

/** Sends the verification link again (to the address waiting for confirmation); the outcome is a toast. */
export function ResendLinkButton({ action }: { action: () => Promise<FormResult> }) {
  const t = useTranslations("account.email");
  const toast = useToast();
  const [pending, startTransition] = useTransition();
  return (
    <Button
      type="button"
      variant="secondary"
      pending={pending}
      onClick={() =>
        startTransition(async () => {
          const result = await action();
          toast(result.ok ? "success" : "error", result.message);
        })
      }
    >
      {t("resend")}
    </Button>
  );
}
