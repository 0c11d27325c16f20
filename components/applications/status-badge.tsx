import { useTranslations } from "next-intl";
import type { ApplicationStatus } from "@/lib/applications/schemas";

const STYLES: Record<ApplicationStatus, string> = {
  PENDING: "bg-amber-50 text-amber-800 ring-amber-600/20",
  ACCEPTED: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  REJECTED: "bg-red-50 text-red-800 ring-red-600/20",
  WITHDRAWN: "bg-slate-50 text-slate-700 ring-slate-500/20",
};

/** The status in words (the colour only repeats it). Works in server and client components. */
export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  const t = useTranslations("labels.applicationStatus");
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STYLES[status]}`}>{t(status)}</span>
  );
}
