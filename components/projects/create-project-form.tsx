"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { createProjectFormSchema, MODULE_NAMES, PROJECT_MODULES, type CreateProjectFormValues } from "@/lib/projects/schemas";
import { PROJECT_VISIBILITIES } from "@/lib/permissions";
import type { FormResult } from "@/lib/portal/form-result";
import { VISIBILITY_LABELS } from "./badges";
import { TextAreaField } from "@/components/ui/textarea";

/** `action` creates the project and goes on to its management page; it answers only when something is wrong. */
export function CreateProjectForm({ askForOwner, action }: { askForOwner: boolean; action: (input: CreateProjectFormValues) => Promise<FormResult<{ slug: string }>> }) {
  const form = useForm<CreateProjectFormValues>({
    resolver: zodResolver(createProjectFormSchema, undefined, { raw: true }),
    defaultValues: { name: "", description: "", game: "", category: "", visibility: "PUBLIC", modules: [], ownerUsername: "" },
  });
  const { submit, pending, notice } = useActionForm(form, action);
  const errors = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="New project">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <TextField label="Project name" autoFocus error={errors.name?.message} {...form.register("name")} />
      <TextAreaField label="Description" rows={4} error={errors.description?.message} {...form.register("description")} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Game" placeholder="e.g. Minecraft" error={errors.game?.message} {...form.register("game")} />
        <TextField label="Category" placeholder="e.g. Server, Modpack" error={errors.category?.message} {...form.register("category")} />
      </div>
      <SelectField
        label="Visibility once published"
        hint="Until the platform team approves it, only your team sees the project."
        options={PROJECT_VISIBILITIES.map((value) => ({ value, label: `${VISIBILITY_LABELS[value].label}: ${VISIBILITY_LABELS[value].description}` }))}
        {...form.register("visibility")}
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">Modules</legend>
        <p className="text-xs text-slate-500">Use only what the project needs; you can change this later.</p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {MODULE_NAMES.map((module) => (
            <label key={module} className={`flex items-start gap-2 rounded-md p-2 ring-1 ring-slate-200 ${PROJECT_MODULES[module].available ? "" : "opacity-60"}`}>
              <input type="checkbox" value={module} disabled={!PROJECT_MODULES[module].available} className="mt-0.5 size-4" {...form.register("modules")} />
              <span>
                <span className="block text-sm font-medium">{PROJECT_MODULES[module].label}</span>
                <span className="block text-xs text-slate-500">{PROJECT_MODULES[module].description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {askForOwner && (
        <TextField label="Owner (username of an ACTIVE partner)" hint="You are not a partner yourself, so name the partner who will own the project." error={errors.ownerUsername?.message} {...form.register("ownerUsername")} />
      )}
      <div className="flex justify-end">
        <Button type="submit" pending={pending}>
          {pending ? "Creating…" : "Create project"}
        </Button>
      </div>
    </form>
  );
}
