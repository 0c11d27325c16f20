"use client";

import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { Combobox, SuggestionLine } from "@/components/ui/combobox";
import { FieldShell } from "@/components/ui/field";
import type { FormResult } from "@/lib/portal/form-result";

/** A suggestion of a picker: the id it filters by, the name shown, a second line (a username, a project's address). */
export interface PickerOption {
  value: string;
  label: string;
  detail: string;
  /** Accounts show their picture (or initials); projects none. */
  avatarUrl?: string | null;
}

/**
 * One filter of the audit log that is picked by name (a user, a project): type, choose a
 * suggestion, and the form sends its id. Typing again drops the choice until another is picked;
 * the clear button drops it at once.
 */
export function AuditPicker({
  label,
  hint,
  listLabel,
  name,
  initial,
  search,
}: {
  label: string;
  hint: string;
  listLabel: string;
  /** The query parameter the picked id is sent as. */
  name: string;
  initial: PickerOption | null;
  search: (query: string) => Promise<FormResult<{ options: PickerOption[] }>>;
}) {
  const t = useTranslations("common.combobox");
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(initial?.label ?? "");
  const [picked, setPicked] = useState(initial);
  return (
    <FieldShell id={id} label={label} hint={hint} className="relative">
      {({ describedBy }) => (
        <>
          <Combobox
            id={id}
            describedBy={describedBy}
            listLabel={listLabel}
            search={async (query) => {
              const result = await search(query);
              return result.ok ? { items: result.data?.options ?? [] } : { message: result.message };
            }}
            itemKey={(option) => option.value}
            itemText={(option) => option.label}
            renderItem={(option) => <SuggestionLine label={option.label} detail={option.detail} avatarUrl={option.avatarUrl} />}
            onPick={(option) => {
              setPicked(option);
              setText(option.label);
            }}
            input={{
              ref: field,
              value: text,
              onChange: (event) => {
                setText(event.target.value);
                setPicked(null);
              },
              className: picked ? "pr-10" : undefined,
            }}
          />
          <input type="hidden" name={name} value={picked?.value ?? ""} disabled={!picked} />
          {picked && (
            <button
              type="button"
              onClick={() => {
                setPicked(null);
                setText("");
                field.current?.focus();
              }}
              aria-label={t("clear", { label })}
              className="absolute top-[2.15rem] right-1.5 grid size-7 place-items-center rounded text-base leading-none text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <span aria-hidden>×</span>
            </button>
          )}
        </>
      )}
    </FieldShell>
  );
}
