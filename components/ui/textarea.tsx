import type { ReactNode, Ref, TextareaHTMLAttributes } from "react";
import { controlClass, FieldShell } from "./field";

export function TextAreaField({
  label,
  error,
  hint,
  ref,
  className,
  id: givenId,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; hint?: ReactNode; ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <FieldShell label={label} error={error} hint={hint} id={givenId}>
      {({ id, describedBy, invalid }) => (
        <textarea ref={ref} id={id} aria-describedby={describedBy} aria-invalid={invalid} {...props} className={controlClass(className)} />
      )}
    </FieldShell>
  );
}
