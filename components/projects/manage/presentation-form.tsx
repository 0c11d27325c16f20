"use client";

import { useTranslations } from "next-intl";
import { FormTextField } from "@/components/forms/form-fields";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { ProjectBanner, ProjectLogo } from "@/components/projects/project-images";
import { Card } from "@/components/ui/card";
import { ImageControl } from "@/components/ui/image-control";
import { TextAreaField } from "@/components/ui/textarea";
import type { FormResult } from "@/lib/portal/form-result";
import type { ImageKind } from "@/lib/projects/images";
import { presentationFormSchema, type PresentationFormValues } from "@/lib/projects/schemas";
import type { ProjectTarget } from "./project-target";
import { ReviewedFormFooter, ReviewLockNote } from "./review-lock";

export type { ProjectTarget } from "./project-target";

/** What an image change answers: the picture's address (null once removed) and the project's new version. */
type ImageResult = FormResult<{ version: number; url: string | null }>;

export interface PresentationActions {
  /** Saves and answers the project's new version, which the form keeps for its next save. */
  save: (target: ProjectTarget, input: PresentationFormValues) => Promise<FormResult<{ version: number }>>;
  /** Takes the form data: `file`, `kind` and `version`. */
  uploadImage: (target: ProjectTarget, form: FormData) => Promise<ImageResult>;
  removeImage: (target: ProjectTarget, kind: ImageKind, version: number) => Promise<ImageResult>;
}

/**
 * The presentation form and the project's images, which share the project's version: an upload
 * or a removal made here moves the form to the version it created, so the edits not yet saved
 * stay and the next save goes through. A change from another window (any other version) still
 * stops that save with "changed in another window".
 */
export function PresentationForm({
  target,
  initial,
  images,
  actions,
  locked,
}: {
  target: ProjectTarget;
  initial: PresentationFormValues;
  images: { logoUrl: string | null; bannerUrl: string | null };
  actions: PresentationActions;
  /** The project's reviewed content is locked (lib/permissions `reviewedContentLocked`): the fields are disabled, no Save is offered. */
  locked: boolean;
}) {
  const t = useTranslations("manage.presentation");
  const { form, errors, submit, pending, notice } = useSchemaForm({
    schema: presentationFormSchema,
    versioned: true,
    defaultValues: initial,
    action: (values) => actions.save(target, values),
  });
  const name = form.watch("name");
  /** Runs an image change at the form's version and moves the form to the version it made. */
  const changeImage = async (change: (version: number) => Promise<ImageResult>) => {
    const basedOn = form.getValues("version");
    const result = await change(basedOn);
    if (result.ok && result.data && form.getValues("version") === basedOn) form.setValue("version", result.data.version);
    return result;
  };
  const upload = (kind: ImageKind) => (data: FormData) =>
    changeImage((version) => {
      data.set("kind", kind);
      data.set("version", String(version));
      return actions.uploadImage(target, data);
    });
  const remove = (kind: ImageKind) => () => changeImage((version) => actions.removeImage(target, kind, version));
  return (
    <>
      <Card title={t("title")} description={t("description")}>
        <form onSubmit={submit} noValidate className="space-y-5" aria-label={t("title")}>
          <fieldset disabled={locked} className="min-w-0 space-y-5">
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
            <input type="hidden" {...form.register("version", { valueAsNumber: true })} />
          </fieldset>
          <ReviewedFormFooter pending={pending} label={t("save")} pendingLabel={t("saving")} notice={notice} locked={locked} />
        </form>
      </Card>
      <Card title={t("images")} description={t("imagesDescription")}>
        <fieldset disabled={locked} className="min-w-0 space-y-4">
          <ImageControl
            // The submission checklist's "Add a logo." links here (`…/manage#logoUrl`).
            id="logoUrl"
            label={t("logo")}
            hint={t("imageHint")}
            removeLabel={t("removeLogo")}
            url={images.logoUrl}
            preview={(url) => <ProjectLogo project={{ name: name || initial.name, logoUrl: url }} size="lg" />}
            upload={upload("logo")}
            remove={remove("logo")}
          />
          <ImageControl
            label={t("banner")}
            hint={t("imageHint")}
            removeLabel={t("removeBanner")}
            url={images.bannerUrl}
            preview={(url) => (
              <div className="w-full overflow-hidden rounded-md sm:w-60">
                <ProjectBanner url={url} className="h-20 w-full" />
              </div>
            )}
            upload={upload("banner")}
            remove={remove("banner")}
          />
          {locked && <ReviewLockNote />}
        </fieldset>
      </Card>
    </>
  );
}
