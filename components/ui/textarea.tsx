import type { TextareaHTMLAttributes } from "react";
import { controlClass, FieldShell, type LabelledProps } from "./field";

type TextAreaProps = LabelledProps<TextareaHTMLAttributes<HTMLTextAreaElement>, HTMLTextAreaElement>;

export function TextAreaField({ label, error, hint, id, ...textarea }: TextAreaProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} id={id}>
      {({ control }) => <textarea {...control} {...textarea} className={controlClass(textarea.className)} />}
    </FieldShell>
  );
}
