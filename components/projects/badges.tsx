import { useTranslations } from "next-intl";
import type { ProjectStatus, ProjectVisibility } from "@/lib/permissions";

const STATUS_STYLE: Record<ProjectStatus, string> = {
  DRAFT: "bg-slate-100 text-slate-700 ring-slate-500/20",
  IN_REVIEW: "bg-amber-50 text-amber-800 ring-amber-600/20",
  PUBLISHED: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  REJECTED: "bg-red-50 text-red-700 ring-red-600/20",
  ARCHIVED: "bg-slate-100 text-slate-500 ring-slate-500/20",
};

export function StatusBadge({ status }: { status: ProjectStatus }) {
  const t = useTranslations("labels.projectStatus");
  return statusBadge(status, t(status));
}

export function VisibilityBadge({ visibility }: { visibility: ProjectVisibility }) {
  const t = useTranslations("labels.visibility");
  return visibilityBadge(t(visibility));
}

// The same badges with their label already in words, for lists: one translator for all rows
// instead of one per badge (docs/performance.md).

export function statusBadge(status: ProjectStatus, label: string) {
  return (
    <span className={`inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATUS_STYLE[status]}`}>
      {label}
    </span>
  );
}

export function visibilityBadge(label: string) {
  return (
    <span className="inline-flex items-center rounded-md bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700 ring-1 ring-inset ring-indigo-600/20">
      {label}
    </span>
  );
}
