"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { TextAreaField } from "@/components/ui/textarea";
import type { FormResult } from "@/lib/portal/form-result";
import { presentationFormSchema, type PresentationFormValues } from "@/lib/projects/schemas";

export interface ProjectTarget {
  projectId: string;
  slug: string;
}

export function PresentationForm({ target, initial, action }: {
  target: ProjectTarget;
  initial: PresentationFormValues;
  /** Saves and answers the project's new version, which the form keeps for its next save. */
  action: (target: ProjectTarget, input: PresentationFormValues) => Promise<FormResult<{ version: number }>>;
}) {
  const form = useForm<PresentationFormValues>({ resolver: zodResolver(presentationFormSchema, undefined, { raw: true }), defaultValues: initial });
  const { submit, pending, notice } = useActionForm(
    form,
    (values) => action(target, values),
    (data, values) => form.reset({ ...values, version: data!.version }),
  );
  const errors = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Presentation">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <TextField label="Project name" error={errors.name?.message} {...form.register("name")} />
      <TextAreaField label="Description" rows={6} error={errors.description?.message} {...form.register("description")} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Game" error={errors.game?.message} {...form.register("game")} />
        <TextField label="Category" error={errors.category?.message} {...form.register("category")} />
        <TextField label="Website" type="url" placeholder="https://…" error={errors.websiteUrl?.message} {...form.register("websiteUrl")} />
        <TextField label="Community chat link" type="url" placeholder="https://…" error={errors.chatUrl?.message} {...form.register("chatUrl")} />
        <TextField label="Trailer" type="url" placeholder="https://…" error={errors.trailerUrl?.message} {...form.register("trailerUrl")} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Logo address" hint="An https:// address, or upload a file below." error={errors.logoUrl?.message} {...form.register("logoUrl")} />
        <TextField label="Banner address" hint="An https:// address, or upload a file below." error={errors.bannerUrl?.message} {...form.register("bannerUrl")} />
      </div>
      <input type="hidden" {...form.register("version", { valueAsNumber: true })} />
      <div className="flex justify-end">
        <Button type="submit" pending={pending}>
          {pending ? "Saving…" : "Save presentation"}
        </Button>
      </div>
    </form>
  );
}
