import { FallbackImage } from "@/components/ui/fallback-image";
import type { ProjectView } from "@/lib/projects/schemas";

const LOGO_SIZES = { md: "size-12 text-base", lg: "size-20 text-2xl" } as const;

/**
 * A project's logo, or its initial on a gradient when it has none or it does not load. Without a
 * logo it is the initial alone, as plain markup: a list renders no component per row for it.
 */
export function ProjectLogo({ project, size = "md" }: { project: Pick<ProjectView, "name" | "logoUrl">; size?: keyof typeof LOGO_SIZES }) {
  const fallback = logoInitial(project.name, size);
  if (!project.logoUrl) return fallback;
  return (
    <FallbackImage
      src={project.logoUrl}
      alt=""
      className={`${LOGO_SIZES[size]} shrink-0 rounded-lg bg-white object-cover ring-1 ring-slate-200`}
      fallback={fallback}
    />
  );
}

/** What stands for a project's logo when it has none: its initial on a gradient. */
export function logoInitial(name: string, size: keyof typeof LOGO_SIZES = "md") {
  return (
    <span
      aria-hidden
      data-testid="image-placeholder"
      className={`${LOGO_SIZES[size]} grid shrink-0 place-items-center rounded-lg bg-gradient-to-br from-indigo-500 to-violet-500 font-bold text-white`}
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/**
 * A project's banner at the height `className` gives it, or a plain gradient of that height when
 * it has none or it does not load (`placeholderClassName` when the empty band should be lower).
 */
export function ProjectBanner({
  url,
  className,
  placeholderClassName = className,
  alt = "",
}: {
  url: string | null;
  className: string;
  placeholderClassName?: string;
  alt?: string;
}) {
  const fallback = (
    <div
      aria-hidden
      data-testid="image-placeholder"
      className={`${placeholderClassName} bg-gradient-to-r from-indigo-500 via-violet-500 to-fuchsia-500`}
    />
  );
  // Without a banner, the placeholder as plain markup: no FallbackImage (a list renders no component for it).
  if (!url) return fallback;
  return <FallbackImage src={url} alt={alt} className={`${className} object-cover`} fallback={fallback} />;
}
