"use client";

import { useTranslations } from "next-intl";
import { useId, type ReactNode } from "react";
import { type FieldError, type FieldValues, get, type Path, type PathValue, type UseFormReturn } from "react-hook-form";
import { Combobox, SuggestionLine } from "@/components/ui/combobox";
import { FieldShell } from "@/components/ui/field";
import type { FormResult } from "@/lib/portal/form-result";

export interface Candidate {
  userId: string;
  username: string;
  displayName: string;
  avatarUrl: string | null;
}

/**
 * A username field of a schema form (`name` in `form`, as FormTextField) that suggests accounts as
 * one types (components/ui/combobox.tsx); picking one puts its username in the field. The field
 * stays a plain text field: typing a full username works without the list.
 */
export function UserCombobox<Values extends FieldValues>({
  form,
  name,
  label,
  hint,
  search,
}: {
  form: Pick<UseFormReturn<Values>, "register" | "formState" | "setValue">;
  name: Path<Values>;
  label: string;
  hint?: ReactNode;
  search: (query: string) => Promise<FormResult<{ users: Candidate[] }>>;
}) {
  const t = useTranslations("manage.team");
  const id = useId();
  const error: FieldError | undefined = get(form.formState.errors, name);
  const { ref, onChange, onBlur } = form.register(name);
  return (
    <FieldShell id={id} label={label} hint={hint} error={error?.message} className="relative">
      {({ describedBy, invalid }) => (
        <Combobox
          id={id}
          describedBy={describedBy}
          invalid={invalid}
          listLabel={t("suggestions")}
          search={async (query) => {
            const result = await search(query);
            return result.ok ? { items: result.data?.users ?? [] } : { message: result.message };
          }}
          itemKey={(user) => user.userId}
          itemText={(user) => `${user.displayName} (@${user.username})`}
          renderItem={(user) => <SuggestionLine label={user.displayName} detail={`@${user.username}`} avatarUrl={user.avatarUrl} />}
          onPick={(user) => form.setValue(name, user.username as PathValue<Values, Path<Values>>, { shouldValidate: true })}
          input={{ ref, name, onChange, onBlur }}
        />
      )}
    </FieldShell>
  );
}
