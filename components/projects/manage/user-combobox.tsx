"use client";

import { useTranslations } from "next-intl";
import { useId, type ChangeEvent, type FocusEvent, type ReactNode, type Ref } from "react";
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
 * A username field that suggests accounts as one types (components/ui/combobox.tsx). The field
 * stays a plain text field: typing a full username works without the list.
 * `name`, `onChange`, `onBlur` and `ref` come from react-hook-form's `register`.
 */
export function UserCombobox({
  label,
  hint,
  error,
  search,
  onPick,
  name,
  onChange,
  onBlur,
  ref,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  search: (query: string) => Promise<FormResult<{ users: Candidate[] }>>;
  onPick: (user: Candidate) => void;
  name: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => unknown;
  onBlur: (event: FocusEvent<HTMLInputElement>) => unknown;
  ref?: Ref<HTMLInputElement>;
}) {
  const t = useTranslations("manage.team");
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className="relative">
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
          onPick={onPick}
          input={{ ref, name, onChange, onBlur }}
        />
      )}
    </FieldShell>
  );
}
