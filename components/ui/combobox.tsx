"use client";

import { useTranslations } from "next-intl";
import { type InputHTMLAttributes, type KeyboardEvent, type ReactNode, type Ref, useEffect, useRef, useState } from "react";
import { Avatar } from "./avatar";
import { controlClass } from "./field";

const DELAY_MS = 250;

export interface ComboboxProps<T> {
  /** The input's id (FieldShell's): the options are named after it. */
  id: string;
  describedBy?: string;
  invalid?: boolean;
  /** The list's accessible name ("Matching accounts"). */
  listLabel: string;
  /** The suggestions for a text of two characters or more, or a message saying why there are none. */
  search: (query: string) => Promise<{ items: T[] } | { message: string }>;
  itemKey: (item: T) => string;
  /** What the live region says once an item is chosen ("Paul (@paul.partner)"). */
  itemText: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  onPick: (item: T) => void;
  /** The input's own props: a form's `register`, or a controlled value and its onChange. */
  input: Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & { ref?: Ref<HTMLInputElement> };
}

/**
 * A text field that suggests as one types (the ARIA 1.2 combobox pattern): arrow keys move through
 * the suggestions, Enter takes one, Escape closes the list, and a live region says how many were
 * found and which was chosen. The focus stays in the field (aria-activedescendant). Used by the
 * team's member search and the audit log's user and project pickers.
 */
export function Combobox<T>({
  id,
  describedBy,
  invalid,
  listLabel,
  search,
  itemKey,
  itemText,
  renderItem,
  onPick,
  input,
}: ComboboxProps<T>) {
  const t = useTranslations("common.combobox");
  const listId = `${id}-list`;
  const [query, setQuery] = useState("");
  const [items, setItems] = useState<T[]>([]);
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
      setItems([]);
      setStatus("");
      return;
    }
    const ticket = ++latest.current;
    const timer = setTimeout(async () => {
      const result = await searchRef.current(q);
      if (ticket !== latest.current) return;
      const found = "items" in result ? result.items : [];
      setItems(found);
      setActive(-1);
      setStatus("items" in result ? t("found", { count: found.length }) : result.message);
    }, DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, t]);

  const pick = (item: T) => {
    onPick(item);
    setQuery("");
    setOpen(false);
    setActive(-1);
    setStatus(t("picked", { name: itemText(item) }));
  };

  const expanded = open && items.length > 0;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" && items.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % items.length);
    } else if (event.key === "ArrowUp" && items.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index <= 0 ? items.length - 1 : index - 1));
    } else if (event.key === "Enter" && expanded && active >= 0) {
      event.preventDefault();
      pick(items[active]!);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <>
      <input
        type="text"
        autoComplete="off"
        {...input}
        id={id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        onChange={(event) => {
          input.onChange?.(event);
          setQuery(event.target.value);
          setOpen(true);
        }}
        onBlur={(event) => {
          input.onBlur?.(event);
          setOpen(false);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className={controlClass(input.className)}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={listLabel}
        hidden={!expanded}
        className="absolute inset-x-0 top-[4.25rem] z-20 max-h-72 overflow-y-auto rounded-md bg-white py-1 shadow-lg ring-1 ring-slate-200"
      >
        {items.map((item, index) => (
          <div
            key={itemKey(item)}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            // Focus stays in the field (aria-activedescendant); -1 only makes the option focusable by script.
            tabIndex={-1}
            // mousedown, not click: the field keeps its focus (blur would close the list first).
            onMouseDown={(event) => {
              event.preventDefault();
              pick(item);
            }}
            onMouseEnter={() => setActive(index)}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${index === active ? "bg-indigo-50 text-indigo-900" : "text-slate-900"}`}
          >
            {renderItem(item)}
          </div>
        ))}
      </div>
      <p role="status" className="sr-only">
        {status}
      </p>
    </>
  );
}

/** A suggestion's two lines (a name and a username or address), with a picture for an account (`avatarUrl` given, null for none). */
export function SuggestionLine({ label, detail, avatarUrl }: { label: string; detail: string; avatarUrl?: string | null }) {
  return (
    <>
      {avatarUrl !== undefined && <Avatar name={label} url={avatarUrl} size={28} />}
      <span className="min-w-0">
        <span className="block font-medium break-words">{label}</span>
        <span className="block break-all text-xs text-slate-500">{detail}</span>
      </span>
    </>
  );
}
