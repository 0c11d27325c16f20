"use client";

import { useTranslations } from "next-intl";
import { FormTextField } from "@/components/forms/form-fields";
import { FormFooter } from "@/components/forms/form-footer";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Card } from "@/components/ui/card";
import { TextAreaField } from "@/components/ui/textarea";
import type { FormResult } from "@/lib/portal/form-result";
import { presentationFormSchema, type PresentationFormValues } from "@/lib/projects/schemas";
import { ImageUpload, type UploadImageAction } from "./image-upload";
import type { ProjectTarget } from "./project-target";

export type { ProjectTarget } from "./project-target";

/**
 * The presentation form and the image uploads, which share the project's version: an upload made
 * here moves the form to the version it created and puts the image's address in its field, so the
 * edits not yet saved stay and the next save goes through. A change from another window (any other
 * version) still stops that save with "changed in another window".
 */
export function PresentationForm({
  target,
  initial,
  images,
  action,
  uploadAction,
}: {
  target: ProjectTarget;
  initial: PresentationFormValues;
  images: { logoUrl: string | null; bannerUrl: string | null };
  /** Saves and answers the project's new version, which the form keeps for its next save. */
  action: (target: ProjectTarget, input: PresentationFormValues) => Promise<FormResult<{ version: number }>>;
  uploadAction: UploadImageAction;
}) {
  const t = useTranslations("manage.presentation");
  const { form, submit, pending, notice } = useSchemaForm({
    schema: presentationFormSchema,
    raw: true,
    defaultValues: initial,
    action: (values) => action(target, values),
    onSuccess: (data, values) => form.reset({ ...values, version: data!.version }),
  });
  const version = form.watch("version");
  const uploaded = (kind: "logo" | "banner", basedOn: number, result: { version: number; url: string }) => {
    if (form.getValues("version") === basedOn) form.setValue("version", result.version);
    form.setValue(kind === "logo" ? "logoUrl" : "bannerUrl", result.url, { shouldDirty: true });
  };
  const errors = form.formState.errors;
  return (
    <>
      <Card title={t("title")} description={t("description")}>
        <form onSubmit={submit} noValidate className="space-y-5" aria-label={t("title")}>
          <FormTextField form={form} name="name" label={t("name")} />
          <TextAreaField
            id="description"
            label={t("descriptionField")}
            rows={6}
            error={errors.description?.message}
            {...form.register("description")}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <FormTextField form={form} name="game" id="game" label={t("game")} />
            <FormTextField form={form} name="category" id="category" label={t("category")} />
            <FormTextField form={form} name="websiteUrl" label={t("website")} type="url" placeholder="https://…" />
            <FormTextField form={form} name="chatUrl" label={t("chat")} type="url" placeholder="https://…" />
            <FormTextField form={form} name="trailerUrl" label={t("trailer")} type="url" placeholder="https://…" />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormTextField form={form} name="logoUrl" id="logoUrl" label={t("logoUrl")} hint={t("imageHint")} />
            <FormTextField form={form} name="bannerUrl" label={t("bannerUrl")} hint={t("imageHint")} />
          </div>
          <input type="hidden" {...form.register("version", { valueAsNumber: true })} />
          <FormFooter pending={pending} label={t("save")} pendingLabel={t("saving")} notice={notice} />
        </form>
      </Card>
      <Card title={t("images")}>
        <div className="space-y-4">
          {(["logo", "banner"] as const).map((kind) => (
            <ImageUpload
              key={kind}
              target={target}
              kind={kind}
              current={kind === "logo" ? images.logoUrl : images.bannerUrl}
              version={version}
              action={uploadAction}
              onUploaded={(basedOn, result) => uploaded(kind, basedOn, result)}
            />
          ))}
        </div>
      </Card>
    </>
  );
}
