"use client";

import { useLocale, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { type Control, useController } from "react-hook-form";
import { controlClass } from "@/components/ui/field";
import type { ProfileFormValues } from "@/lib/users/schemas";

type Part = "day" | "month" | "year";
const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
type Parts = Record<Part, string>;

/** The order of day, month and year in `locale`'s dates: day, month, year in German; month, day, year in American English. */
function partOrder(locale: string): Part[] {
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "numeric", year: "numeric", timeZone: "UTC" })
    .formatToParts(Date.UTC(2000, 11, 31))
    .map((part) => part.type)
    .filter((type): type is Part => type === "day" || type === "month" || type === "year");
}

function split(value: string): Parts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? { year: match[1]!, month: String(Number(match[2])), day: String(Number(match[3])) } : { day: "", month: "", year: "" };
}

/** The form's value: "" when all three are empty, else YYYY-MM-DD, which the shared schema checks (a half-done or made-up date fails it). */
function join({ day, month, year }: Parts): string {
  if (!day.trim() && !month && !year.trim()) return "";
  return `${year.trim()}-${month.padStart(2, "0")}-${day.trim().padStart(2, "0")}`;
}

/** What is wrong with the three fields, in the words of this field (the schema's own "YYYY-MM-DD" would mean nothing here). */
function problemOf({ day, month, year }: Parts) {
  [day, year] = [day.trim(), year.trim()];
  if (!day || !month || !year) return { key: "birthIncomplete" as const };
  if (!/^\d{1,2}$/.test(day) || Number(day) < 1 || Number(day) > 31) return { key: "birthDayNumber" as const };
  if (!/^\d{4}$/.test(year)) return { key: "birthYearDigits" as const };
  if (new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))).getUTCDate() !== Number(day))
    return { key: "birthNoSuchDay" as const, day: Number(day) };
  return null;
}

/**
 * The date of birth as three labelled fields, day, month (by name) and year, in the order of the
 * page's language: the browser's own date field follows the browser's locale ("mm/dd/yyyy" on a
 * German page). The form's value stays the ISO day (or "" for none) that the API stores, checked by
 * the shared schema; a half-done or impossible date is named here in the reader's words.
 */
export function DateOfBirthField({ control, label, hint }: { control: Control<ProfileFormValues>; label: string; hint: string }) {
  const t = useTranslations("account.profile");
  const locale = useLocale();
  const id = useId();
  const { field, fieldState } = useController({ control, name: "dateOfBirth" });
  const [parts, setParts] = useState(() => split(field.value ?? ""));
  const change = (part: Part, value: string) => {
    const next = { ...parts, [part]: value };
    setParts(next);
    field.onChange(join(next));
  };
  const problem = fieldState.error ? problemOf(parts) : null;
  const error = fieldState.error
    ? problem
      ? problem.key === "birthNoSuchDay"
        ? t(problem.key, { day: problem.day })
        : t(problem.key)
      : fieldState.error.message
    : undefined;
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ");
  const months = new Intl.DateTimeFormat(locale, { month: "long", timeZone: "UTC" });
  const order = partOrder(locale);

  const input = (part: Part) => {
    const common = {
      id: `${id}-${part}`,
      "aria-describedby": describedBy,
      "aria-invalid": Boolean(error),
      onBlur: field.onBlur,
      // The form focuses the first of the three when the date is refused.
      ref: part === order[0] ? field.ref : undefined,
    };
    if (part === "month")
      return (
        <select
          {...common}
          value={parts.month}
          autoComplete="bday-month"
          onChange={(event) => change("month", event.target.value)}
          className={controlClass()}
        >
          <option value="">{t("birthMonthNone")}</option>
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
        autoComplete={part === "day" ? "bday-day" : "bday-year"}
        placeholder={t(part === "day" ? "birthDayPlaceholder" : "birthYearPlaceholder")}
        onChange={(event) => change(part, event.target.value)}
        className={controlClass()}
      />
    );
  };
  const width: Record<Part, string> = { day: "w-16 shrink-0", month: "min-w-0 flex-1", year: "w-20 shrink-0" };
  const words: Record<Part, string> = { day: t("birthDay"), month: t("birthMonth"), year: t("birthYear") };

  return (
    <fieldset className="min-w-0 space-y-1.5">
      <legend className="block text-sm font-medium text-slate-900">{label}</legend>
      <div className="flex gap-2">
        {order.map((part) => (
          <div key={part} className={`space-y-1 ${width[part]}`}>
            <label htmlFor={`${id}-${part}`} className="block text-xs text-slate-600">
              {words[part]}
            </label>
            {input(part)}
          </div>
        ))}
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
