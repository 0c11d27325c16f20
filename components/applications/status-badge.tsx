import type { ApplicationStatus } from "@/lib/applications/schemas";

const STYLES: Record<ApplicationStatus, { label: string; className: string }> = {
  PENDING: { label: "Pending", className: "bg-amber-50 text-amber-800 ring-amber-600/20" },
  ACCEPTED: { label: "Accepted", className: "bg-emerald-50 text-emerald-800 ring-emerald-600/20" },
  REJECTED: { label: "Rejected", className: "bg-red-50 text-red-800 ring-red-600/20" },
  WITHDRAWN: { label: "Withdrawn", className: "bg-slate-50 text-slate-700 ring-slate-500/20" },
};

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  const style = STYLES[status];
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${style.className}`}>{style.label}</span>;
}
