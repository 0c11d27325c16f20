import type { ComponentProps } from "react";
import { type Control, type FieldError, type FieldValues, get, type Path, type UseFormReturn, useController } from "react-hook-form";
import { DateField } from "@/components/ui/date-field";
import { TextField } from "@/components/ui/field";

type FormFieldProps<Values extends FieldValues> = Omit<ComponentProps<typeof TextField>, "error" | "form" | "name" | "ref"> & {
  form: Pick<UseFormReturn<Values>, "register" | "formState">;
  name: Path<Values>;
};

/** A `TextField` bound to one field of a schema form: registered under its name, showing that field's error. */
export function FormTextField<Values extends FieldValues>({ form, name, ...props }: FormFieldProps<Values>) {
  const error: FieldError | undefined = get(form.formState.errors, name);
  return <TextField {...props} error={error?.message} {...form.register(name)} />;
}

/** A password field of a schema form; `autoComplete` says whether it asks for the current password or a new one. */
export function FormPasswordField<Values extends FieldValues>(
  props: FormFieldProps<Values> & { autoComplete: "current-password" | "new-password" },
) {
  return <FormTextField {...props} type="password" />;
}

/** A `DateField` bound to one field of a schema form (an ISO day, "" for none), showing that field's error in the field's own words. */
export function FormDateField<Values extends FieldValues>({
  control,
  name,
  ...props
}: Omit<ComponentProps<typeof DateField>, "defaultValue" | "onChange" | "onBlur" | "name" | "error" | "inputRef"> & {
  control: Control<Values>;
  name: Path<Values>;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <DateField
      {...props}
      defaultValue={field.value ?? ""}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      inputRef={field.ref}
    />
  );
}
