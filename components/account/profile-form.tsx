"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { CheckboxField, SelectField, TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import type { FormResult } from "@/lib/portal/form-result";
import { LANGUAGES, profileFormSchema, type ProfileFormValues } from "@/lib/users/schemas";

const LANGUAGE_OPTIONS = Object.entries(LANGUAGES).map(([value, label]) => ({ value, label }));
const THEME_OPTIONS = [
  { value: "system", label: "Same as my device" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
];

export function ProfileForm({ initial, action }: { initial: ProfileFormValues; action: (input: ProfileFormValues) => Promise<FormResult<{ version: number }>> }) {
  const form = useForm<ProfileFormValues>({ resolver: zodResolver(profileFormSchema, undefined, { raw: true }), defaultValues: initial });
  const { submit, pending, notice } = useActionForm(form, action, (data, values) => form.reset({ ...values, version: data!.version }));
  const errors = form.formState.errors;

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Profile">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Display name" error={errors.displayName?.message} {...form.register("displayName")} />
        <TextField label="Username" error={errors.username?.message} {...form.register("username")} />
        <TextField label="Date of birth" type="date" error={errors.dateOfBirth?.message} hint="Only staff see it unless you choose to show it." {...form.register("dateOfBirth")} />
        <SelectField label="Language" options={LANGUAGE_OPTIONS} error={errors.language?.message} {...form.register("language")} />
      </div>
      <TextField label="Avatar image address" type="url" placeholder="https://…" error={errors.avatarUrl?.message} {...form.register("avatarUrl")} />
      <fieldset className="space-y-4 rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Account settings</legend>
        <SelectField label="Theme" options={THEME_OPTIONS} {...form.register("settings.theme")} />
        <CheckboxField label="E-mail notifications" hint="News about your projects and applications." {...form.register("settings.emailNotifications")} />
        <CheckboxField label="Show my date of birth on my public profile" {...form.register("settings.showDateOfBirth")} />
      </fieldset>
      <input type="hidden" {...form.register("version", { valueAsNumber: true })} />
      <div className="flex justify-end">
        <Button type="submit" pending={pending}>
          {pending ? "Saving…" : "Save profile"}
        </Button>
      </div>
    </form>
  );
}
