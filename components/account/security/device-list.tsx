"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useActionForm, type FormNoticeState } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { renameDeviceSchema, type deviceSchema } from "@/lib/account/schemas";
import type { FormResult } from "@/lib/portal/form-result";

type Device = z.infer<typeof deviceSchema>;

export interface DeviceActions {
  rename: (deviceId: string, input: z.input<typeof renameDeviceSchema>) => Promise<FormResult>;
  /** Also ends the device's sessions. */
  remove: (deviceId: string) => Promise<FormResult>;
}

export function DeviceList({ devices, actions }: { devices: Device[]; actions: DeviceActions }) {
  const [pending, start] = useTransition();
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<FormNoticeState | null>(null);
  if (devices.length === 0) return <p className="text-sm text-slate-500">No devices yet: a browser becomes one when you sign in with it.</p>;
  const remove = (device: Device) => {
    if (!window.confirm(`Remove "${device.name}"? Its sessions end at once and it is treated as an unknown browser from now on.`)) return;
    setBusy(device.id);
    start(async () => {
      const result = await actions.remove(device.id);
      setNotice({ tone: result.ok ? "success" : "error", text: result.message });
    });
  };
  return (
    <div className="space-y-4">
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <ul className="divide-y divide-slate-200 rounded-md ring-1 ring-slate-200" aria-label="Devices">
        {devices.map((device) => (
          <li key={device.id} className="flex flex-wrap items-end justify-between gap-3 px-4 py-3 text-sm">
            <div className="space-y-2">
              <p className="text-slate-500">
                {device.browser} on {device.os} · first sign-in {new Date(device.firstSeenAt).toLocaleString("en")} · last {new Date(device.lastSeenAt).toLocaleString("en")}
                {device.current && <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs text-emerald-800">this browser</span>}
              </p>
              <RenameForm device={device} action={actions.rename} />
            </div>
            <Button type="button" variant="ghost" pending={pending && busy === device.id} onClick={() => remove(device)}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function RenameForm({ device, action }: { device: Device; action: DeviceActions["rename"] }) {
  const form = useForm<z.input<typeof renameDeviceSchema>>({ resolver: zodResolver(renameDeviceSchema), defaultValues: { name: device.name } });
  const { submit, pending, notice } = useActionForm(form, (values) => action(device.id, values));
  return (
    <form onSubmit={submit} noValidate className="flex items-end gap-2" aria-label={`Rename ${device.name}`}>
      <TextField label="Device name" error={form.formState.errors.name?.message} {...form.register("name")} />
      <Button type="submit" variant="secondary" pending={pending}>
        Rename
      </Button>
      {notice && <span className={notice.tone === "error" ? "text-red-600" : "text-emerald-700"}>{notice.text}</span>}
    </form>
  );
}
