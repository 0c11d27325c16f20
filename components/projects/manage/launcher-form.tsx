"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { CheckboxField, TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { LAUNCH_PLATFORMS, launcherSettingsSchema } from "@/lib/launcher/schemas";
import type { FormResult } from "@/lib/portal/form-result";
import type { ProjectTarget } from "./presentation-form";

const PLATFORM_LABELS = { windows: "Windows", macos: "macOS", linux: "Linux" } as const;

const OFFERS = [
  ["offerInstall", "Installation"],
  ["offerUpdate", "Updates"],
  ["offerRepair", "Repair"],
  ["offerGameStart", "Game start"],
  ["offerVersions", "Choice of versions"],
] as const;

type Values = z.input<typeof launcherSettingsSchema>;

export function LauncherForm({ target, initial, action }: { target: ProjectTarget; initial: Values; action: (target: ProjectTarget, input: Values) => Promise<FormResult> }) {
  const form = useForm<z.input<typeof launcherSettingsSchema>>({ resolver: zodResolver(launcherSettingsSchema, undefined, { raw: true }), defaultValues: initial });
  const { submit, pending, notice } = useActionForm(form, (values) => action(target, values));
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
        <TextField
          label="Minimum launcher version"
          placeholder="e.g. 2.1.0 (empty: any)"
          error={errors.launchSettings?.minimumLauncherVersion?.message}
          {...form.register("launchSettings.minimumLauncherVersion", { setValueAs: (value: string | null) => (value ? value : null) })}
        />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-medium">Program per platform (empty: the executable above)</legend>
        {LAUNCH_PLATFORMS.map((platform) => (
          <TextField
            key={platform}
            label={PLATFORM_LABELS[platform]}
            placeholder={platform === "windows" ? "bin/game.exe" : "bin/game.sh"}
            error={errors.launchSettings?.platforms?.[platform]?.executable?.message}
            {...form.register(`launchSettings.platforms.${platform}.executable`)}
          />
        ))}
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" pending={pending}>
          {pending ? "Saving…" : "Save launcher integration"}
        </Button>
      </div>
    </form>
  );
}
