"use client";

import { useTranslations } from "next-intl";
import type { z } from "zod";
import { FormTextField } from "@/components/forms/form-fields";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { Button, RowButton } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { useAction } from "@/components/ui/use-action";
import { useUserAgentNames } from "./user-agent-names";
import { renameDeviceSchema, type deviceSchema } from "@/lib/account/schemas";
import type { FormResult } from "@/lib/portal/form-result";

type Device = z.infer<typeof deviceSchema>;

export interface DeviceActions {
  rename: (deviceId: string, input: z.input<typeof renameDeviceSchema>) => Promise<FormResult>;
  /** Also ends the device's sessions. */
  remove: (deviceId: string) => Promise<FormResult>;
}

export function DeviceList({ devices, actions }: { devices: Device[]; actions: DeviceActions }) {
  const t = useTranslations("account.devices");
  const named = useUserAgentNames();
  const removal = useAction();
  if (devices.length === 0) return <p className="text-sm text-slate-500">{t("empty")}</p>;
  const remove = (device: Device) =>
    removal.run(() => actions.remove(device.id), {
      key: device.id,
      confirm: { title: t("removeTitle", { name: device.name }), body: t("removeBody"), confirmLabel: t("removeConfirm") },
    });
  return (
    <ul className="divide-y divide-slate-200 rounded-md ring-1 ring-slate-200" aria-label={t("listLabel")}>
      {devices.map((device) => (
        <li key={device.id} className="flex flex-wrap items-end justify-between gap-3 px-4 py-3 text-sm">
          <div className="min-w-0 space-y-2">
            <p className="break-words text-slate-500">
              {t.rich("details", {
                browser: named(device.browser),
                os: named(device.os),
                firstSeen: () => <LocalTime at={device.firstSeenAt} />,
                lastSeen: () => <LocalTime at={device.lastSeenAt} />,
              })}
              {device.current && <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs text-emerald-800">{t("current")}</span>}
            </p>
            <RenameForm device={device} action={actions.rename} />
          </div>
          <RowButton row={device.name} pending={removal.busy === device.id} onClick={() => void remove(device)}>
            {t("remove")}
          </RowButton>
        </li>
      ))}
    </ul>
  );
}

function RenameForm({ device, action }: { device: Device; action: DeviceActions["rename"] }) {
  const t = useTranslations("account.devices");
  const { form, submit, pending, notice } = useSchemaForm({
    schema: renameDeviceSchema,
    defaultValues: { name: device.name },
    action: (values) => action(device.id, values),
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2" aria-label={t("renameFormLabel", { name: device.name })}>
      <FormTextField form={form} name="name" label={t("name")} />
      <Button type="submit" variant="secondary" pending={pending}>
        {t("rename")}
      </Button>
      {notice && (
        <span role="status" className={notice.tone === "error" ? "text-red-600" : "text-emerald-700"}>
          {notice.text}
        </span>
      )}
    </form>
  );
}
