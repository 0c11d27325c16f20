import { getFormatter, getTranslations } from "next-intl/server";
import type { z } from "zod";
import type { loginEventSchema } from "@/lib/account/schemas";

/** Sign-in attempts, newest first; `reason` is filled for staff only. A table that scrolls inside its own box on a phone. */
export async function LoginHistoryTable({ events }: { events: z.infer<typeof loginEventSchema>[] }) {
  const [t, tl, format] = await Promise.all([getTranslations("account.history"), getTranslations("labels.loginMethod"), getFormatter()]);
  if (events.length === 0) return <p className="text-sm text-slate-500">{t("empty")}</p>;
  const withReason = events.some((event) => event.reason !== null);
  return (
    <div className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600" tabIndex={0} role="region" aria-label={t("label")}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("label")}</caption>
        <thead className="text-slate-500">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">{t("when")}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t("result")}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t("method")}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t("address")}</th>
            <th scope="col" className="py-2 pr-4 font-medium">{t("client")}</th>
            {withReason && <th scope="col" className="py-2 font-medium">{t("reason")}</th>}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {events.map((event) => (
            <tr key={event.id}>
              <td className="whitespace-nowrap py-2 pr-4">{format.dateTime(new Date(event.at), "dateTime")}</td>
              <td className={`py-2 pr-4 font-medium ${event.success ? "text-emerald-700" : "text-red-700"}`}>{event.success ? t("success") : t("failure")}</td>
              <td className="py-2 pr-4">{tl(event.method)}</td>
              <td className="py-2 pr-4">{event.ip ?? t("unknown")}</td>
              <td className="max-w-xs truncate py-2 pr-4" title={event.userAgent ?? undefined}>
                {event.userAgent ?? t("unknown")}
              </td>
              {withReason && <td className="py-2">{event.reason ?? ""}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
