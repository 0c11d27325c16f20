import type { FieldValues, Path, UseFormSetError } from "react-hook-form";

/** Puts the server's field errors (the same messages the API returns) at their fields. */
export function applyFieldErrors<T extends FieldValues>(setError: UseFormSetError<T>, fieldErrors: Record<string, string> | undefined) {
  for (const [path, message] of Object.entries(fieldErrors ?? {})) {
    setError(path as Path<T>, { type: "server", message }, { shouldFocus: true });
  }
}
