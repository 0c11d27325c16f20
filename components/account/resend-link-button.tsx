"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/ui/use-action";
import type { FormResult } from "@/lib/portal/form-result";

/** Sends the verification link again (to the address waiting for confirmation); the outcome is a toast. */
export function ResendLinkButton({ action }: { action: () => Promise<FormResult> }) {
  const t = useTranslations("account.email");
  const { run, pending } = useAction();
  return (
    <Button type="button" variant="secondary" pending={pending} onClick={() => run(action)}>
      {t("resend")}
    </Button>
  );
}
