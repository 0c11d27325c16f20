"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type ChangeEvent, type FocusEvent, type KeyboardEvent, type ReactNode, type Ref } from "react";
import { Avatar } from "@/components/ui/avatar";
import { FieldShell } from "@/components/ui/field";
import type { FormResult } from "@/lib/portal/form-result";

export interface Candidate {
  userId: string;
  username: string;
  displayName: string;
  avatarUrl: string | null;
}

const DELAY_MS = 250;

/**
 * A username field that suggests accounts as one types (the ARIA 1.2 combobox pattern): arrow keys
 * move through the suggestions, Enter takes one, Escape closes the list; a live region says how many
 * were found. The field stays a plain text field: typing a full username works without the list.
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
  const listId = `${id}-list`;
  const [query, setQuery] = useState("");
  const [users, setUsers] = useState<Candidate[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");
  const latest = useRef(0);
  // The page passes a new function on every render; the search runs when the text changes only.
  const searchRef = useRef(search);
  useEffect(() => {
    searchRef.current = search;
  }, [search]);

  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) {
      setUsers([]);
      setStatus("");
      return;
    }
    const ticket = ++latest.current;
    const timer = setTimeout(async () => {
      const result = await searchRef.current(q);
      if (ticket !== latest.current) return;
      const found = result.ok ? (result.data?.users ?? []) : [];
      setUsers(found);
      setActive(-1);
      setStatus(result.ok ? t("found", { count: found.length }) : result.message);
    }, DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, t]);

  const pick = (user: Candidate) => {
    onPick(user);
    setQuery("");
    setOpen(false);
    setActive(-1);
    setStatus(t("picked", { name: user.displayName, username: user.username }));
  };

  const expanded = open && users.length > 0;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" && users.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % users.length);
    } else if (event.key === "ArrowUp" && users.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index <= 0 ? users.length - 1 : index - 1));
    } else if (event.key === "Enter" && expanded && active >= 0) {
      event.preventDefault();
      pick(users[active]!);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <FieldShell id={id} label={label} hint={hint} error={error} className="relative">
      {({ describedBy, invalid }) => (
        <>
          <input
            ref={ref}
            id={id}
            name={name}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            onChange={(event) => {
              onChange(event);
              setQuery(event.target.value);
              setOpen(true);
            }}
            onBlur={(event) => {
              onBlur(event);
              setOpen(false);
            }}
            onFocus={() => setOpen(true)}
            onKeyDown={onKeyDown}
            className="block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-indigo-600 aria-[invalid=true]:ring-red-500"
          />
          <div
            id={listId}
            role="listbox"
            aria-label={t("suggestions")}
            hidden={!expanded}
            className="absolute inset-x-0 top-[4.25rem] z-20 max-h-72 overflow-y-auto rounded-md bg-white py-1 shadow-lg ring-1 ring-slate-200"
          >
            {users.map((user, index) => (
              <div
                key={user.userId}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={index === active}
                // Focus stays in the field (aria-activedescendant); -1 only makes the option focusable by script.
                tabIndex={-1}
                // mousedown, not click: the field keeps its focus (blur would close the list first).
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(user);
                }}
                onMouseEnter={() => setActive(index)}
                className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${index === active ? "bg-indigo-50 text-indigo-900" : "text-slate-900"}`}
              >
                <Avatar name={user.displayName} url={user.avatarUrl} size={28} />
                <span className="min-w-0">
                  <span className="block font-medium break-words">{user.displayName}</span>
                  <span className="block break-all text-xs text-slate-500">@{user.username}</span>
                </span>
              </div>
            ))}
          </div>
          <p role="status" className="sr-only">
            {status}
          </p>
        </>
      )}
    </FieldShell>
  );
}
