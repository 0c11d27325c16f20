"use client";

import { useTranslations } from "next-intl";
import { type DragEvent, type ReactNode, useId, useState } from "react";

/**
 * A file dropped anywhere on a control (the image control, a release's upload): spread `dropProps`
 * on its outer element; `dragging` is for its highlight. A drop while `disabled`, or on a control
 * inside a disabled fieldset (a form locked during review), is refused as its file field refuses a
 * pick: nothing is uploaded, and the pointer says no drop. (The browser's default, opening the
 * dropped file in the tab, is prevented either way.)
 */
export function useFileDrop(onFile: (file: File) => void, disabled = false) {
  const [dragging, setDragging] = useState(false);
  const refuses = (event: DragEvent) => disabled || event.currentTarget.closest("fieldset[disabled]") !== null;
  const dropProps = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      if (refuses(event)) event.dataTransfer.dropEffect = "none";
      else setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      const file = event.dataTransfer.files[0];
      if (file && !refuses(event)) onFile(file);
    },
  };
  return { dragging, dropProps };
}

/**
 * The one file field of the portal: its label, a button of our own in the page's language (the
 * browser's "Choose File / No file chosen" is cut on a phone and speaks the browser's language),
 * and the file input itself, visually hidden inside the button: Tab reaches the input, the button
 * shows its focus ring, Space or Enter opens the system's chooser. A picked file goes to `onFile`
 * at once; the input is emptied again, so the same file can be picked twice. Dropping is the
 * caller's (useFileDrop on its outer element), so the caller's `hint` says it, once.
 */
export function FilePicker({
  id,
  label,
  labelId: givenLabelId,
  button,
  hint,
  accept,
  disabled = false,
  onFile,
}: {
  id?: string;
  label: string;
  /** The label's id, for a group named after the field. */
  labelId?: string;
  /** The button's words; "Choose a file" when not given. */
  button?: string;
  hint?: ReactNode;
  accept?: string;
  disabled?: boolean;
  onFile: (file: File) => void;
}) {
  const t = useTranslations("common");
  const generatedId = useId();
  const generatedLabelId = useId();
  const inputId = id ?? generatedId;
  const labelId = givenLabelId ?? generatedLabelId;
  return (
    <div className="min-w-0 space-y-1.5">
      <label id={labelId} htmlFor={inputId} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <div>
        <label
          // Its look follows the input's own state: disabled by `disabled` or by a disabled fieldset around it (a locked form).
          className="relative inline-flex cursor-pointer items-center justify-center rounded-md bg-white px-3.5 py-2 text-sm font-semibold text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:disabled]:hover:bg-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600"
        >
          <input
            id={inputId}
            type="file"
            accept={accept}
            aria-labelledby={labelId}
            aria-describedby={hint ? `${inputId}-hint` : undefined}
            disabled={disabled}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) onFile(file);
            }}
            className="sr-only"
          />
          {button ?? t("chooseFile")}
        </label>
      </div>
      {hint && (
        <p id={`${inputId}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}
