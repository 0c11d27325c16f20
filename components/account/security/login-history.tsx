import { getLocale, getTranslations } from "next-intl/server";
import type { z } from "zod";
import { DataTable } from "@/components/ui/data-table";
import { LocalTime } from "@/components/ui/local-time";
import type { loginEventSchema } from "@/lib/account/schemas";
import { describeUserAgent } from "@/lib/auth/sessions";

type LoginEvent = z.infer<typeof loginEventSchema>;

const OUTCOME_STYLE: Record<LoginEvent["outcome"], string> = {
  SIGNED_IN: "text-emerald-700 dark:text-emerald-400",
  SECOND_FACTOR_REQUESTED: "text-slate-700 dark:text-slate-300",
  FAILED: "text-red-700 dark:text-red-400",
};

/**
 * Sign-in attempts, newest first. The password step of a two-factor sign-in reads "Code requested",
 * not "Failed"; the client is named ("Chrome on Linux", the raw user agent on hover); the reason
 * (the user's own attempts, or staff) is said in plain words. A table that scrolls inside its own box on a phone.
 */
export async function LoginHistoryTable({ events }: { events: LoginEvent[] }) {
  const [t, tl, locale] = await Promise.all([getTranslations("account.history"), getTranslations("labels.loginMethod"), getLocale()]);
  if (events.length === 0) return <p className="text-sm text-slate-500">{t("empty")}</p>;
  const withReason = events.some((event) => event.reason !== null);
  const outcomeLabel = { SIGNED_IN: t("success"), SECOND_FACTOR_REQUESTED: t("codeRequested"), FAILED: t("failure") };
  const reasonText = (reason: string) => {
    const key = `reasons.${reason}` as "reasons.locked";
    return t.has(key) ? t(key) : reason;
  };
  const columns = [t("when"), t("result"), t("method"), t("address"), t("client"), ...(withReason ? [t("reason")] : [])].map((label) => ({
    label,
  }));
  return (
    <DataTable caption={t("label")} regionLabel={t("label")} columns={columns}>
      {events.map((event) => (
        <tr key={event.id}>
          <td className="whitespace-nowrap py-2 pr-4">
            <LocalTime at={event.at} />
          </td>
          <td className={`whitespace-nowrap py-2 pr-4 font-medium ${OUTCOME_STYLE[event.outcome]}`}>{outcomeLabel[event.outcome]}</td>
          <td className="py-2 pr-4">{tl(event.method)}</td>
          <td className="py-2 pr-4">{event.ip ?? t("unknown")}</td>
          <td className="whitespace-nowrap py-2 pr-4" title={event.userAgent ?? undefined}>
            {describeUserAgent(event.userAgent, locale)}
          </td>
          {withReason && <td className="py-2">{event.reason && event.outcome === "FAILED" ? reasonText(event.reason) : ""}</td>}
        </tr>
      ))}
    </DataTable>
  );
}
