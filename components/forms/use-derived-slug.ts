"use client";

import { useEffect, useRef } from "react";
import { type FieldValues, type Path, type PathValue, type UseFormRegisterReturn, type UseFormReturn, useWatch } from "react-hook-form";

/**
 * A slug field that follows its title field (`derive(title)`, lib/projects/slug.ts) until the user
 * types in it themselves; emptying it makes it follow again. `follow: false` (an existing page,
 * whose address people may have linked to) leaves it alone from the start. Spread the answer on
 * the slug's input in place of `form.register(slug)`.
 */
export function useDerivedSlug<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  fields: { title: Path<Values>; slug: Path<Values> },
  derive: (title: string) => string,
  follow = true,
): UseFormRegisterReturn {
  const edited = useRef(!follow);
  const title = useWatch({ control: form.control, name: fields.title });
  useEffect(() => {
    if (edited.current) return;
    form.setValue(fields.slug, derive(String(title ?? "")) as PathValue<Values, Path<Values>>, {
      shouldValidate: form.formState.isSubmitted,
    });
  }, [title, form, fields.slug, derive]);
  return form.register(fields.slug, {
    onChange: (event: { target: { value: string } }) => {
      edited.current = event.target.value !== "";
    },
  });
}
