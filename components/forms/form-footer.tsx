import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import type { FormNoticeState } from "./use-action-form";

interface FormFooterProps {
  pending: boolean;
  /** The submit button's label, and the one it shows while the action runs (the same if not given). */
  label: ReactNode;
  pendingLabel?: ReactNode;
  variant?: "primary" | "secondary" | "danger";
  /** The action's message, when the form shows it beside the button rather than above the fields. */
  notice?: FormNoticeState | null;
  /** Buttons before the submit button (cancel, delete). */
  children?: ReactNode;
}

/** The end of a form: its message, other buttons, then the submit button with its pending state. */
export function FormFooter({ pending, label, pendingLabel, variant, notice, children }: FormFooterProps) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-3">
      {notice && (
        <div className="min-w-0 flex-1">
          <Notice tone={notice.tone}>{notice.text}</Notice>
        </div>
      )}
      {children}
      <Button type="submit" variant={variant} pending={pending}>
        {pending && pendingLabel ? pendingLabel : label}
      </Button>
    </div>
  );
}
