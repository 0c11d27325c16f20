import type { ProjectView } from "@/lib/projects/schemas";

/** A project's logo, or its initial on a gradient when it has none. */
export function ProjectLogo({ project, size = "md" }: { project: Pick<ProjectView, "name" | "logoUrl">; size?: "md" | "lg" }) {
  const classes = size === "lg" ? "size-20 text-2xl" : "size-12 text-base";
  return project.logoUrl ? (
    <img src={project.logoUrl} alt="" className={`${classes} shrink-0 rounded-lg bg-white object-cover ring-1 ring-slate-200`} />
  ) : (
    <span
      aria-hidden
      className={`${classes} grid shrink-0 place-items-center rounded-lg bg-gradient-to-br from-indigo-500 to-violet-500 font-bold text-white`}
    >
      {project.name.slice(0, 1).toUpperCase()}
    </span>
  );
}
