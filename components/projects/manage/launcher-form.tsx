"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { saveLauncherAction } from "@/app/projects/[slug]/manage/actions";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { CheckboxField, TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { launcherSettingsSchema } from "@/lib/launcher/schemas";
import type { ProjectTarget } from "./presentation-form";

const OFFERS = [
  ["offerInstall", "Installation"],
  ["offerUpdate", "Updates"],
  ["offerRepair", "Repair"],
  ["offerGameStart", "Game start"],
  ["offerVersions", "Choice of versions"],
] as const;

export function LauncherForm({ target, initial }: { target: ProjectTarget; initial: z.input<typeof launcherSettingsSchema> }) {
  const form = useForm<z.input<typeof launcherSettingsSchema>>({ resolver: zodResolver(launcherSettingsSchema, undefined, { raw: true }), defaultValues: initial });
  const { submit, pending, notice } = useActionForm(form, (values) => saveLauncherAction(target, values));
  const errors = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate aria-label="Launcher integration" className="space-y-5">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium">The launcher offers</legend>
        {OFFERS.map(([field, label]) => (
          <CheckboxField key={field} label={label} {...form.register(field)} />
        ))}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Executable" placeholder="e.g. bin/game.exe" error={errors.launchSettings?.executable?.message} {...form.register("launchSettings.executable")} />
        <TextField label="Minimum memory (MB)" type="number" min={0} error={errors.launchSettings?.minimumMemoryMb?.message} {...form.register("launchSettings.minimumMemoryMb", { valueAsNumber: true })} />
      </div>
      <div className="flex justify-end">
        <Button type="submit" pending={pending}>
          {pending ? "Saving…" : "Save launcher integration"}
        </Button>
      </div>
    </form>
  );
}
