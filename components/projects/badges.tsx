import type { ProjectStatus, ProjectVisibility } from "@/lib/permissions";

const STATUS: Record<ProjectStatus, { label: string; style: string }> = {
  DRAFT: { label: "Draft", style: "bg-slate-100 text-slate-700 ring-slate-500/20" },
  IN_REVIEW: { label: "In review", style: "bg-amber-50 text-amber-800 ring-amber-600/20" },
  PUBLISHED: { label: "Published", style: "bg-emerald-50 text-emerald-700 ring-emerald-600/20" },
  REJECTED: { label: "Rejected", style: "bg-red-50 text-red-700 ring-red-600/20" },
  ARCHIVED: { label: "Archived", style: "bg-slate-100 text-slate-500 ring-slate-500/20" },
};

export const VISIBILITY_LABELS: Record<ProjectVisibility, { label: string; description: string }> = {
  PUBLIC: { label: "Public", description: "Listed in the directory; everyone can see it, its releases and downloads." },
  APPLICATION_ONLY: { label: "Application only", description: "Listed; signed-in users see the presentation and can apply. Content is for members." },
  LAUNCHER: { label: "Launcher", description: "Not listed on the web; offered through the platform launcher." },
  PRIVATE: { label: "Private", description: "Only the team sees it." },
};

export function StatusBadge({ status }: { status: ProjectStatus }) {
  return <span className={`inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATUS[status].style}`}>{STATUS[status].label}</span>;
}

export function VisibilityBadge({ visibility }: { visibility: ProjectVisibility }) {
  return <span className="inline-flex items-center rounded-md bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700 ring-1 ring-inset ring-indigo-600/20">{VISIBILITY_LABELS[visibility].label}</span>;
}
