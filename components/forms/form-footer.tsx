import { type ReactNode, useId } from "react";
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
  /** Why the form cannot be sent yet: the submit button is disabled and this says why, next to it. */
  blockedBy?: ReactNode;
  /**
   * Why the form cannot be changed at all (a project's reviewed content while it is in review):
   * no submit button is offered, this line says why and how to unlock it instead. The caller
   * disables the fields (a `<fieldset disabled>` around them).
   */
  locked?: ReactNode;
  /** Buttons before the submit button (cancel, delete). */
  children?: ReactNode;
}

/**
 * The end of a form: its message, other buttons, then the submit button with its pending state.
 * The action's message belongs here, beside the button that was pressed, not above the fields:
 * on a long form the top is off-screen when the button is pressed.
 */
export function FormFooter({ pending, label, pendingLabel, variant, notice, blockedBy, locked, children }: FormFooterProps) {
  const blockedId = useId();
  if (locked) return <LockedNote>{locked}</LockedNote>;
  return (
    <div className="flex flex-wrap items-center justify-end gap-3">
      {notice && (
        // At least 12rem wide: on a phone the message takes its own line above the button.
        <div className="min-w-0 flex-1 basis-48">
          <Notice tone={notice.tone}>{notice.text}</Notice>
        </div>
      )}
      {blockedBy && (
        <p id={blockedId} className="min-w-0 flex-1 text-sm text-slate-600">
          {blockedBy}
        </p>
      )}
      {children}
      <Button
        type="submit"
        variant={variant}
        pending={pending}
        disabled={Boolean(blockedBy)}
        aria-describedby={blockedBy ? blockedId : undefined}
      >
        {pending && pendingLabel ? pendingLabel : label}
      </Button>
    </div>
  );
}

/**
 * The one line a locked form or action shows instead of its button: why nothing can be changed and
 * how to unlock it (`manage.lock.form` while the project is in review). FormFooter's `locked` is
 * this line; a tab whose action is a button or an upload (New page, New release, Upload) shows it
 * in that button's place. The review lock's line and footer: components/projects/manage/review-lock.tsx.
 */
export function LockedNote({ children }: { children: ReactNode }) {
  return (
    <p data-testid="form-locked" className="text-sm text-slate-600">
      {children}
    </p>
  );
}
