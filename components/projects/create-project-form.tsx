"use client";

import { useTranslations } from "next-intl";
import { FormTextField } from "@/components/forms/form-fields";
import { FormFooter } from "@/components/forms/form-footer";
import { useDerivedSlug } from "@/components/forms/use-derived-slug";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { ChoiceText, SelectField, TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { createProjectFormSchema, MODULE_NAMES, PROJECT_MODULES, type CreateProjectFormValues } from "@/lib/projects/schemas";
import { projectSlug, slugify } from "@/lib/projects/slug";
import type { FormResult } from "@/lib/portal/form-result";
import { TextAreaField } from "@/components/ui/textarea";
import { useVisibilityChoices } from "./visibility-choices";

/** The address a name makes, as the service would make it; nothing while the name has no letter or digit. */
const addressOf = (name: string) => (slugify(name) ? projectSlug(name) : "");

/** `action` creates the project and goes on to its management page; it answers only when something is wrong. */
export function CreateProjectForm({
  askForOwner,
  action,
}: {
  askForOwner: boolean;
  action: (input: CreateProjectFormValues) => Promise<FormResult<{ slug: string }>>;
}) {
  const t = useTranslations("projects.create");
  const visibilities = useVisibilityChoices();
  const moduleLabel = useTranslations("labels.module");
  const moduleHelp = useTranslations("projects.moduleHelp");
  const { form, errors, submit, pending, notice } = useSchemaForm({
    schema: createProjectFormSchema,
    raw: true,
    defaultValues: { name: "", slug: "", description: "", game: "", category: "", visibility: "PUBLIC", modules: [], ownerUsername: "" },
    action: action,
  });
  const slugField = useDerivedSlug(form, { title: "name", slug: "slug" }, addressOf);
  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={t("formLabel")}>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <FormTextField form={form} name="name" label={t("name")} autoFocus />
      <TextField label={t("address")} hint={t("addressHint")} error={errors.slug?.message} {...slugField} />
      <TextAreaField label={t("description")} rows={4} error={errors.description?.message} {...form.register("description")} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormTextField form={form} name="game" label={t("game")} placeholder={t("gamePlaceholder")} />
        <FormTextField form={form} name="category" label={t("category")} placeholder={t("categoryPlaceholder")} />
      </div>
      <SelectField
        label={t("visibility")}
        hint={t("visibilityHint")}
        options={visibilities.map(({ value, label, help }) => ({ value, label: `${label}: ${help}` }))}
        {...form.register("visibility")}
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">{t("modules")}</legend>
        <p className="text-xs text-slate-500">{t("modulesHint")}</p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {MODULE_NAMES.map((module) => (
            <label
              key={module}
              className={`flex items-start gap-2 rounded-md p-2 ring-1 ring-slate-200 ${PROJECT_MODULES[module].available ? "" : "opacity-60"}`}
            >
              <input
                type="checkbox"
                value={module}
                disabled={!PROJECT_MODULES[module].available}
                className="mt-0.5 size-4"
                {...form.register("modules")}
              />
              <ChoiceText label={moduleLabel(module)} help={moduleHelp(module)} />
            </label>
          ))}
        </div>
      </fieldset>
      {askForOwner && <FormTextField form={form} name="ownerUsername" label={t("owner")} hint={t("ownerHint")} />}
      <FormFooter pending={pending} label={t("submit")} pendingLabel={t("creating")} />
    </form>
  );
}
