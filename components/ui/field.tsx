import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from "react";

interface FieldShellProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** The control's id, when the caller needs it before rendering (a combobox names its options after it). */
  id?: string;
  className?: string;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean; control: ControlIds }) => ReactNode;
}

/** The attributes that make a control the labelled one, described by the hint and the error: `<input {...control} />`. */
interface ControlIds {
  id: string;
  "aria-describedby": string | undefined;
  "aria-invalid": boolean;
}

/** A labelled control's props: its element's own attributes, and the label, hint and error around it. */
export type LabelledProps<Attributes, Element> = Attributes & { label: string; error?: string; hint?: ReactNode; ref?: Ref<Element> };

/** A label, the control `children` renders with the ids it needs, then the hint and the error. */
export function FieldShell({ label, error, hint, id: givenId, className = "", children }: FieldShellProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const invalid = Boolean(error);
  return (
    <div className={`space-y-1.5${className ? ` ${className}` : ""}`}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      {children({ id, describedBy, invalid, control: { id, "aria-describedby": describedBy, "aria-invalid": invalid } })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A disabled control (a form read-only under the review lock: `<fieldset disabled>`) looks it, as
 * GitLab's and Modrinth's do: sunk into the page's grey, its text dimmed, a not-allowed pointer.
 */
const CONTROL =
  "block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-indigo-600 aria-[invalid=true]:ring-red-500 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 disabled:shadow-none disabled:ring-slate-200";

/** A control's classes with the caller's added, never replaced: a caller's `font-mono` keeps the border and the width. */
export function controlClass(extra?: string): string {
  return extra ? `${CONTROL} ${extra}` : CONTROL;
}

export function TextField({ label, error, hint, id, ...input }: LabelledProps<InputHTMLAttributes<HTMLInputElement>, HTMLInputElement>) {
  return (
    <FieldShell label={label} error={error} hint={hint} id={id}>
      {({ control }) => <input {...control} {...input} className={controlClass(input.className)} />}
    </FieldShell>
  );
}

type SelectProps = LabelledProps<SelectHTMLAttributes<HTMLSelectElement>, HTMLSelectElement> & {
  options: { value: string; label: string }[];
};

export function SelectField({ label, error, hint, options, ...select }: SelectProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ control }) => (
        <select {...control} {...select} className={controlClass(select.className)}>
          <SelectOptions options={options} />
        </select>
      )}
    </FieldShell>
  );
}

/** A select's options, each a value and its label. */
export function SelectOptions({ options }: { options: readonly { value: string; label: string }[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

/** A radio's or checkbox's name and the line that explains it, inside its label (a project's modules, its visibility). */
export function ChoiceText({ label, help }: { label: string; help: string }) {
  return (
    <span>
      <span className="block text-sm font-medium">{label}</span>
      <span className="block text-xs text-slate-500">{help}</span>
    </span>
  );
}

export function CheckboxField({
  label,
  hint,
  ref,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string; ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        ref={ref}
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
        {...props}
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        {hint && <p className="text-xs text-slate-500">{hint}</p>}
      </div>
    </div>
  );
}
