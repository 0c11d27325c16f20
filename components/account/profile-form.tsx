"use client";

import { useTranslations } from "next-intl";
import { FormDateField, FormTextField } from "@/components/forms/form-fields";
import { FormFooter } from "@/components/forms/form-footer";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Avatar } from "@/components/ui/avatar";
import { CheckboxField, SelectField } from "@/components/ui/field";
import { ImageControl } from "@/components/ui/image-control";
import { LOCALES } from "@/lib/i18n/locales";
import type { FormResult } from "@/lib/portal/form-result";
import { LANGUAGES, profileFormSchema, type Language, type ProfileFormValues } from "@/lib/users/schemas";

const THEMES = ["system", "light", "dark"] as const;

/** What changing the picture answers: its address and the account's new version. */
type AvatarChange = FormResult<{ version: number; url: string | null }>;

/**
 * "Follow the browser" (the value "", stored as null), then the languages the portal is translated
 * into, each named in itself; a setting made before (or through the API) in another language the
 * profile accepts stays selected and valid.
 */
function languageOptions(current: string, followBrowser: string) {
  const offered: string[] = [...LOCALES];
  if (!offered.includes(current) && current in LANGUAGES) offered.push(current);
  return [{ value: "", label: followBrowser }, ...offered.map((value) => ({ value, label: LANGUAGES[value as Language] }))];
}

export function ProfileForm({
  initial,
  avatarUrl,
  action,
  avatarActions,
}: {
  initial: ProfileFormValues;
  /** The picture now (an address of ours, or null). */
  avatarUrl: string | null;
  action: (input: ProfileFormValues) => Promise<FormResult<{ version: number }>>;
  avatarActions: { upload: (form: FormData) => Promise<AvatarChange>; remove: () => Promise<AvatarChange> };
}) {
  const t = useTranslations("account.profile");
  const tAvatar = useTranslations("account.avatar");
  const tTheme = useTranslations("labels.theme");
  const { form, errors, submit, pending, notice } = useSchemaForm({
    schema: profileFormSchema,
    versioned: true,
    defaultValues: initial,
    action: action,
  });
  const displayName = form.watch("displayName");
  // The picture changes the account's version: the next save of this form expects the new one.
  const changed = async (change: Promise<AvatarChange>) => {
    const result = await change;
    if (result.ok && result.data) form.setValue("version", result.data.version);
    return result;
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={t("formLabel")}>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormTextField form={form} name="displayName" label={t("displayName")} />
        <FormTextField form={form} name="username" label={t("username")} />
        <FormDateField control={form.control} name="dateOfBirth" label={t("dateOfBirth")} hint={t("dateOfBirthHint")} autoComplete="bday" />
        <SelectField
          label={t("language")}
          hint={t("languageHint")}
          options={languageOptions(initial.language, t("languageFollowBrowser"))}
          error={errors.language?.message}
          {...form.register("language")}
        />
      </div>
      <ImageControl
        label={tAvatar("label")}
        hint={tAvatar("hint")}
        removeLabel={tAvatar("remove")}
        url={avatarUrl}
        preview={(url) => <Avatar name={displayName || initial.username} url={url} size={64} />}
        upload={(data) => changed(avatarActions.upload(data))}
        remove={() => changed(avatarActions.remove())}
      />
      <fieldset className="space-y-4 rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">{t("settings")}</legend>
        <SelectField
          label={t("theme")}
          options={THEMES.map((theme) => ({ value: theme, label: tTheme(theme) }))}
          {...form.register("settings.theme")}
        />
        <CheckboxField
          label={t("emailNotifications")}
          hint={t("emailNotificationsHint")}
          {...form.register("settings.emailNotifications")}
        />
        <CheckboxField label={t("showDateOfBirth")} {...form.register("settings.showDateOfBirth")} />
      </fieldset>
      <input type="hidden" {...form.register("version", { valueAsNumber: true })} />
      <FormFooter pending={pending} label={t("submit")} pendingLabel={t("pending")} notice={notice} />
    </form>
  );
}
