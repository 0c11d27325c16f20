"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Controller, type Control, type FieldError } from "react-hook-form";
import type { z } from "zod";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { CheckboxField, TextField } from "@/components/ui/field";
import { TextAreaField } from "@/components/ui/textarea";
import { LAUNCH_PLATFORM_NAMES, LAUNCH_PLATFORMS, launcherSettingsSchema } from "@/lib/launcher/schemas";
import type { FormResult } from "@/lib/portal/form-result";
import type { ProjectTarget } from "./presentation-form";
import { ReviewedFormFooter } from "./review-lock";

const OFFERS = ["offerInstall", "offerUpdate", "offerRepair", "offerGameStart", "offerVersions"] as const;

type Values = z.input<typeof launcherSettingsSchema>;
type ArgumentsName = "launchSettings.arguments" | `launchSettings.platforms.${(typeof LAUNCH_PLATFORMS)[number]}.arguments`;

/** The arguments as lines of text, one argument per line; blank lines are left out. */
const toArguments = (text: string) => text.split(/\r?\n/).filter((line) => line.trim() !== "");

/** The schema's message for the list (too many), or the first argument it refuses and its message. */
function argumentsError(error: FieldError | undefined): { number?: number; message: string } | undefined {
  if (!error) return undefined;
  if (error.message) return { message: error.message };
  const items = error as unknown as Record<string, FieldError | undefined> & { root?: FieldError };
  if (items.root?.message) return { message: items.root.message };
  const index = Object.keys(items)
    .map(Number)
    .filter(Number.isInteger)
    .sort((a, b) => a - b)[0];
  return index === undefined ? undefined : { number: index + 1, message: items[index]?.message ?? "" };
}

/**
 * Launch arguments edited as text, one per line, and held by the form as the list the API takes, so
 * the API's schema (launcherSettingsSchema) checks each argument before anything is sent.
 */
function ArgumentsField({ control, name, label, hint }: { control: Control<Values>; name: ArgumentsName; label: string; hint?: string }) {
  const t = useTranslations("releases");
  const errorText = (error: ReturnType<typeof argumentsError>) =>
    error?.number ? t("argumentError", { number: error.number, message: error.message }) : error?.message;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ArgumentLines
          label={label}
          hint={hint}
          initial={field.value ?? []}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={errorText(argumentsError(fieldState.error))}
        />
      )}
    />
  );
}

function ArgumentLines({
  label,
  hint,
  initial,
  onChange,
  onBlur,
  error,
}: {
  label: string;
  hint?: string;
  initial: string[];
  onChange: (value: string[]) => void;
  onBlur: () => void;
  error?: string;
}) {
  // The text as typed (a line being written may still be blank); the form holds its arguments.
  const [text, setText] = useState(() => initial.join("\n"));
  return (
    <TextAreaField
      label={label}
      hint={hint}
      rows={3}
      spellCheck={false}
      className="font-mono"
      value={text}
      error={error}
      onBlur={onBlur}
      onChange={(event) => {
        setText(event.target.value);
        onChange(toArguments(event.target.value));
      }}
    />
  );
}

export function LauncherForm({
  target,
  initial,
  action,
  locked,
}: {
  target: ProjectTarget;
  initial: Values;
  action: (target: ProjectTarget, input: Values) => Promise<FormResult>;
  /** The project's reviewed content is locked (lib/permissions `reviewedContentLocked`): the fields are disabled, no Save is offered. */
  locked: boolean;
}) {
  const t = useTranslations("releases");
  const { form, errors, submit, pending, notice } = useSchemaForm({
    schema: launcherSettingsSchema,
    raw: true,
    defaultValues: initial,
    action: (values) => action(target, values),
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t("launcherForm")} className="space-y-5">
      <fieldset disabled={locked} className="min-w-0 space-y-5">
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium">{t("launcherOffers")}</legend>
          {OFFERS.map((field) => (
            <CheckboxField key={field} label={t(`offers.${field}`)} {...form.register(field)} />
          ))}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("executable")}
            placeholder={t("executablePlaceholder")}
            error={errors.launchSettings?.executable?.message}
            {...form.register("launchSettings.executable")}
          />
          <TextField
            label={t("minimumMemory")}
            type="number"
            min={0}
            error={errors.launchSettings?.minimumMemoryMb?.message}
            {...form.register("launchSettings.minimumMemoryMb", { valueAsNumber: true })}
          />
          <TextField
            label={t("minimumLauncher")}
            placeholder={t("minimumLauncherPlaceholder")}
            error={errors.launchSettings?.minimumLauncherVersion?.message}
            {...form.register("launchSettings.minimumLauncherVersion", { setValueAs: (value: string | null) => (value ? value : null) })}
          />
          <ArgumentsField
            control={form.control}
            name="launchSettings.arguments"
            label={t("launchArguments")}
            hint={t("launchArgumentsHint")}
          />
        </div>
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-medium">{t("platformLegend")}</legend>
          {LAUNCH_PLATFORMS.map((platform) => (
            <div key={platform} className="space-y-3">
              <TextField
                label={LAUNCH_PLATFORM_NAMES[platform]}
                placeholder={platform === "windows" ? "bin/game.exe" : "bin/game.sh"}
                error={errors.launchSettings?.platforms?.[platform]?.executable?.message}
                {...form.register(`launchSettings.platforms.${platform}.executable`)}
              />
              <ArgumentsField
                control={form.control}
                name={`launchSettings.platforms.${platform}.arguments`}
                label={t("platformArguments", { platform: LAUNCH_PLATFORM_NAMES[platform] })}
                hint={t("platformArgumentsHint")}
              />
            </div>
          ))}
        </fieldset>
      </fieldset>
      <ReviewedFormFooter pending={pending} label={t("saveLauncher")} pendingLabel={t("saving")} notice={notice} locked={locked} />
    </form>
  );
}
