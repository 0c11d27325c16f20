import { getFormatter, getTranslations } from "next-intl/server";
import type { z } from "zod";
import { DataTable } from "@/components/ui/data-table";
import type { loginEventSchema } from "@/lib/account/schemas";

/** Sign-in attempts, newest first; `reason` is filled for staff only. A table that scrolls inside its own box on a phone. */
export async function LoginHistoryTable({ events }: { events: z.infer<typeof loginEventSchema>[] }) {
  const [t, tl, format] = await Promise.all([getTranslations("account.history"), getTranslations("labels.loginMethod"), getFormatter()]);
  if (events.length === 0) return <p className="text-sm text-slate-500">{t("empty")}</p>;
  const withReason = events.some((event) => event.reason !== null);
  const columns = [t("when"), t("result"), t("method"), t("address"), t("client"), ...(withReason ? [t("reason")] : [])].map((label) => ({
    label,
  }));
  return (
    <DataTable caption={t("label")} regionLabel={t("label")} columns={columns}>
      {events.map((event) => (
        <tr key={event.id}>
          <td className="whitespace-nowrap py-2 pr-4">{format.dateTime(new Date(event.at), "dateTime")}</td>
          <td className={`py-2 pr-4 font-medium ${event.success ? "text-emerald-700" : "text-red-700"}`}>
            {event.success ? t("success") : t("failure")}
          </td>
          <td className="py-2 pr-4">{tl(event.method)}</td>
          <td className="py-2 pr-4">{event.ip ?? t("unknown")}</td>
          <td className="max-w-xs truncate py-2 pr-4" title={event.userAgent ?? undefined}>
            {event.userAgent ?? t("unknown")}
          </td>
          {withReason && <td className="py-2">{event.reason ?? ""}</td>}
        </tr>
      ))}
    </DataTable>
  );
}
