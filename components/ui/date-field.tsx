"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { controlClass } from "@/components/ui/field";

type Part = "day" | "month" | "year";
const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
type Parts = Record<Part, string>;
type Control = HTMLInputElement | HTMLSelectElement;

/** The order of day, month and year in `locale`'s dates: day, month, year in German; month, day, year in American English. */
function partOrder(locale: string): Part[] {
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "numeric", year: "numeric", timeZone: "UTC" })
    .formatToParts(Date.UTC(2000, 11, 31))
    .map((part) => part.type)
    .filter((type): type is Part => type === "day" || type === "month" || type === "year");
}

function split(value: string): Parts {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? { year: match[1]!, month: String(Number(match[2])), day: String(Number(match[3])) } : { day: "", month: "", year: "" };
}

/** The value: "" when all three are empty, else YYYY-MM-DD (a half-done or made-up date too, which `problemOf` names). */
function join({ day, month, year }: Parts): string {
  if (!day.trim() && !month && !year.trim()) return "";
  return `${year.trim()}-${month.padStart(2, "0")}-${day.trim().padStart(2, "0")}`;
}

/** What is wrong with the three fields, in the words of this field (a schema's "YYYY-MM-DD" would mean nothing here); null when nothing is. */
function problemOf({ day, month, year }: Parts) {
  [day, year] = [day.trim(), year.trim()];
  if (!day && !month && !year) return null;
  if (!day || !month || !year) return { key: "incomplete" as const };
  if (!/^\d{1,2}$/.test(day) || Number(day) < 1 || Number(day) > 31) return { key: "dayNumber" as const };
  if (!/^\d{4}$/.test(year)) return { key: "yearDigits" as const };
  if (new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))).getUTCDate() !== Number(day))
    return { key: "noSuchDay" as const, day: Number(day) };
  return null;
}

/**
 * A calendar day (no moment: a date of birth, the bounds of a range) as three labelled fields, day,
 * month by name and year, in the order of the page's language: the browser's own date field
 * follows the browser's locale ("mm/dd/yyyy" on a German page). The value is the ISO day (or "" for
 * none), given to `onChange` (a schema form, components/forms/form-fields.tsx) or sent under
 * `name` (a plain form, the audit log's range). A half-done or impossible date is named at the field
 * in the reader's words: when the form refused the value (`error`), or when a plain form's submit
 * met it (the first field carries the problem as its validity, so the browser does not send it).
 */
export function DateField({
  label,
  hint,
  describedBy,
  defaultValue = "",
  onChange,
  onBlur,
  name,
  error,
  inputRef,
  autoComplete,
}: {
  label: string;
  hint?: string;
  /** The id of a hint outside the field that describes it too (one hint under two dates). */
  describedBy?: string;
  /** The ISO day it starts with; "" for none. */
  defaultValue?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  /** Sent with a plain form under this name, as the ISO day. */
  name?: string;
  /** The form refused the value with this message; the field says what is wrong in its own words where it can. */
  error?: string;
  /** Given the first of the three fields, which a form focuses when it refuses the date. */
  inputRef?: (element: Control | null) => void;
  /** "bday": a date of birth, which the browser may fill in. */
  autoComplete?: "bday";
}) {
  const t = useTranslations("common.dateField");
  const locale = useLocale();
  const id = useId();
  const [parts, setParts] = useState(() => split(defaultValue));
  const [submitMet, setSubmitMet] = useState(false);
  const first = useRef<Control | null>(null);
  const controls = useRef<Partial<Record<Part, Control | null>>>({});
  const change = (part: Part, value: string) => {
    const next = { ...parts, [part]: value };
    setParts(next);
    onChange?.(join(next));
  };
  // What was typed before the page's scripts ran (a slow connection) is in the fields but not in
  // the state, which the value sent is made of: take it over once, when the field comes alive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    const typed = { ...parts };
    for (const part of ["day", "month", "year"] as const) typed[part] = controls.current[part]?.value ?? parts[part];
    if (join(typed) === join(parts)) return;
    setParts(typed);
    onChange?.(join(typed));
  }, []);
  const problem = problemOf(parts);
  const problemText = problem ? (problem.key === "noSuchDay" ? t(problem.key, { day: problem.day }) : t(problem.key)) : "";
  useEffect(() => first.current?.setCustomValidity(problemText), [problemText]);
  const message = error !== undefined || submitMet ? problemText || error : undefined;
  const describedByIds = [hint ? `${id}-hint` : "", describedBy ?? "", message ? `${id}-error` : ""].filter(Boolean).join(" ");
  const months = new Intl.DateTimeFormat(locale, { month: "long", timeZone: "UTC" });
  const order = partOrder(locale);

  const input = (part: Part) => {
    const common = {
      id: `${id}-${part}`,
      "aria-describedby": describedByIds || undefined,
      "aria-invalid": Boolean(message),
      onBlur,
      autoComplete: autoComplete ? `${autoComplete}-${part}` : "off",
      ref: (element: Control | null) => {
        controls.current[part] = element;
        if (part !== order[0]) return;
        first.current = element;
        inputRef?.(element);
      },
      onInvalid: part === order[0] ? () => setSubmitMet(true) : undefined,
    };
    if (part === "month")
      return (
        <select {...common} value={parts.month} onChange={(event) => change("month", event.target.value)} className={controlClass()}>
          <option value="">{t("monthNone")}</option>
          {MONTHS.map((month) => (
            <option key={month} value={String(month)}>
              {months.format(Date.UTC(2000, month - 1, 1))}
            </option>
          ))}
        </select>
      );
    return (
      <input
        {...common}
        type="text"
        inputMode="numeric"
        value={parts[part]}
        maxLength={part === "day" ? 2 : 4}
        placeholder={t(part === "day" ? "dayPlaceholder" : "yearPlaceholder")}
        onChange={(event) => change(part, event.target.value)}
        className={controlClass()}
      />
    );
  };
  const width: Record<Part, string> = { day: "w-16 shrink-0", month: "min-w-0 flex-1", year: "w-20 shrink-0" };

  return (
    <fieldset className="min-w-0 space-y-1.5">
      <legend className="block text-sm font-medium text-slate-900">{label}</legend>
      <div className="flex gap-2">
        {order.map((part) => (
          <div key={part} className={`space-y-1 ${width[part]}`}>
            <label htmlFor={`${id}-${part}`} className="block text-xs text-slate-600">
              {t(part)}
            </label>
            {input(part)}
          </div>
        ))}
      </div>
      {name && <input type="hidden" name={name} value={join(parts)} />}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {message && (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {message}
        </p>
      )}
    </fieldset>
  );
}
