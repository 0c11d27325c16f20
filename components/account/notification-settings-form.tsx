"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { FormFooter } from "@/components/forms/form-footer";
import { DataTable } from "@/components/ui/data-table";
import { useAction } from "@/components/ui/use-action";
import type { NotificationKind } from "@/lib/notifications/kinds";
import type { NotificationSettings } from "@/lib/notifications/settings";
import type { FormResult } from "@/lib/portal/form-result";

/**
 * Per kind of notification, a checkbox for the portal and one for e-mail; one save for all. On a
 * phone the twenty rows are longer than the screen, so each checkbox is labelled with its column
 * where it stands (the header row says it once from 640 px).
 */
export function NotificationSettingsForm({
  initial,
  action,
}: {
  initial: NotificationSettings;
  action: (settings: NotificationSettings) => Promise<FormResult>;
}) {
  const t = useTranslations("account.notifications");
  const [settings, setSettings] = useState(initial);
  const { run, pending, notice } = useAction({ success: "notice", failure: "notice" });
  const kinds = Object.keys(settings) as NotificationKind[];
  const set = (kind: NotificationKind, channel: "inApp" | "email", on: boolean) =>
    setSettings((current) => ({ ...current, [kind]: { ...current[kind], [channel]: on } }));
  return (
    <form
      className="space-y-4"
      aria-label={t("title")}
      onSubmit={(event) => {
        event.preventDefault();
        run(() => action(settings));
      }}
    >
      <DataTable
        caption={t("title")}
        regionLabel={t("title")}
        columns={[{ label: t("kind") }, { label: t("inApp"), className: "text-center" }, { label: t("email"), className: "text-center" }]}
      >
        {kinds.map((kind) => {
          const label = t(`kinds.${kind}`);
          return (
            <tr key={kind}>
              <td className="py-2 pr-3">{label}</td>
              {(["inApp", "email"] as const).map((channel) => (
                <td key={channel} className="py-2 pr-3 text-center last:pr-0">
                  {/* On a phone the header row scrolls away: each box says its column under it. */}
                  <label className="inline-flex cursor-pointer flex-col items-center gap-1 text-xs text-slate-600 sm:flex-row">
                    <input
                      type="checkbox"
                      className="size-4 rounded border-slate-300 text-indigo-600"
                      aria-label={t(channel === "inApp" ? "inAppOf" : "emailOf", { kind: label })}
                      checked={settings[kind][channel]}
                      onChange={(event) => set(kind, channel, event.target.checked)}
                    />
                    <span className="whitespace-nowrap sm:hidden">{t(channel)}</span>
                  </label>
                </td>
              ))}
            </tr>
          );
        })}
      </DataTable>
      <FormFooter pending={pending} label={t("save")} pendingLabel={t("saving")} notice={notice} />
    </form>
  );
}
