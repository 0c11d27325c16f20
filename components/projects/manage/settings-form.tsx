"use client";

import { useTranslations } from "next-intl";
import { useFieldArray } from "react-hook-form";
import { z } from "zod";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Button } from "@/components/ui/button";
import { CheckboxField, ChoiceText, TextField } from "@/components/ui/field";
import { TextAreaField } from "@/components/ui/textarea";
import { DEFAULT_APPLICATION_PROMPT } from "@/lib/applications/schemas";
import type { FormResult } from "@/lib/portal/form-result";
import { updateSettingsSchema } from "@/lib/projects/schemas";
import { MAX_SUPPORT_LINKS, SUPPORT_PLATFORMS } from "@/lib/projects/support-links";
import type { ProjectTarget } from "./presentation-form";
import { ReviewedFormFooter } from "./review-lock";
import { useVisibilityChoices } from "../visibility-choices";

type Values = z.input<typeof updateSettingsSchema>;
const SUPPORT_PLATFORM_NAMES = Object.values(SUPPORT_PLATFORMS)
  .map((platform) => platform.name)
  .join(", ");
const formSchema = updateSettingsSchema.extend({ version: z.int().min(1) });

export function SettingsForm({
  target,
  initial,
  version,
  supportLinksEnabled,
  applicationRoles,
  action,
  locked,
}: {
  target: ProjectTarget;
  initial: Values;
  version: number;
  supportLinksEnabled: boolean;
  /** The roles applicants may be offered; null while the Applications module is off (its settings are hidden and kept). */
  applicationRoles: { id: string; name: string }[] | null;
  /** Saves at the version the form was shown with and answers the new one. */
  action: (target: ProjectTarget, input: Values, version: number) => Promise<FormResult<{ version: number }>>;
  /** The project's reviewed content is locked (lib/permissions `reviewedContentLocked`): the fields are disabled, no Save is offered. */
  locked: boolean;
}) {
  const t = useTranslations("manage.settings");
  const { form, errors, submit, pending, notice } = useSchemaForm({
    schema: formSchema,
    versioned: true,
    defaultValues: { ...initial, version },
    action: ({ version: current, ...values }) => action(target, values, current),
  });
  const visibilities = useVisibilityChoices();
  const links = useFieldArray({ control: form.control, name: "settings.supportLinks" });

  return (
    <form onSubmit={submit} noValidate aria-label={t("title")} className="space-y-6">
      <fieldset disabled={locked} className="min-w-0 space-y-6">
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t("visibility")}</legend>
          <p className="text-xs text-slate-500">{t("visibilityHint")}</p>
          {visibilities.map(({ value, label, help }) => (
            <label
              key={value}
              className="flex items-start gap-3 rounded-md p-3 ring-1 ring-slate-200 has-[:checked]:ring-2 has-[:checked]:ring-indigo-500"
            >
              <input type="radio" value={value} className="mt-1" {...form.register("visibility")} />
              <ChoiceText label={label} help={help} />
            </label>
          ))}
        </fieldset>
        {applicationRoles && (
          <fieldset className="space-y-4">
            <legend className="text-sm font-medium">{t("applications")}</legend>
            <CheckboxField
              label={t("acceptApplications")}
              hint={t("acceptApplicationsHint")}
              {...form.register("settings.applicationsOpen")}
            />
            <TextAreaField
              label={t("prompt")}
              hint={t("promptHint", { prompt: DEFAULT_APPLICATION_PROMPT })}
              rows={3}
              error={errors.settings?.applicationPrompt?.message}
              {...form.register("settings.applicationPrompt")}
            />
            <div className="space-y-2">
              <p className="text-sm font-medium">{t("offeredRoles")}</p>
              <p className="text-xs text-slate-500">{t("offeredRolesHint")}</p>
              <div className="flex flex-wrap gap-4">
                {applicationRoles.map((role) => (
                  <label key={role.id} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      value={role.id}
                      className="size-4 rounded border-slate-300"
                      {...form.register("settings.offeredRoleIds")}
                    />
                    {role.name}
                  </label>
                ))}
              </div>
              {errors.settings?.offeredRoleIds?.message && <p className="text-sm text-red-600">{errors.settings.offeredRoleIds.message}</p>}
            </div>
          </fieldset>
        )}
        <TextField
          label={t("contactEmail")}
          type="email"
          error={errors.settings?.contactEmail?.message}
          {...form.register("settings.contactEmail")}
        />
        {/* Creator support's settings: hidden (and kept) while the module is off. */}
        {supportLinksEnabled && (
          <fieldset id="supportLinks" tabIndex={-1} className="space-y-3">
            <legend className="text-sm font-medium">{t("supportLinks")}</legend>
            <p className="text-xs text-slate-500">{t("supportLinksHint", { platforms: SUPPORT_PLATFORM_NAMES })}</p>
            {links.fields.map((field, index) => (
              <div key={field.id} className="grid gap-2 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
                <TextField
                  label={t("linkLabel", { number: index + 1 })}
                  placeholder={t("linkLabelPlaceholder")}
                  error={errors.settings?.supportLinks?.[index]?.label?.message}
                  {...form.register(`settings.supportLinks.${index}.label`)}
                />
                <TextField
                  label={t("linkAddress", { number: index + 1 })}
                  type="url"
                  placeholder="https://"
                  error={errors.settings?.supportLinks?.[index]?.url?.message}
                  {...form.register(`settings.supportLinks.${index}.url`)}
                />
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => links.remove(index)}
                  aria-label={t("removeLink", { number: index + 1 })}
                >
                  {t("remove")}
                </Button>
              </div>
            ))}
            {errors.settings?.supportLinks?.message && <p className="text-sm text-red-600">{errors.settings.supportLinks.message}</p>}
            {links.fields.length < MAX_SUPPORT_LINKS && (
              <Button type="button" variant="secondary" onClick={() => links.append({ label: "", url: "" })}>
                {t("addLink")}
              </Button>
            )}
          </fieldset>
        )}
      </fieldset>
      <ReviewedFormFooter pending={pending} label={t("save")} pendingLabel={t("saving")} notice={notice} locked={locked} />
    </form>
  );
}
