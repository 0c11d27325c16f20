import { useTranslations } from "next-intl";
import type { ProjectView } from "@/lib/projects/schemas";
import { StatusBadge, VisibilityBadge } from "./badges";
import { ProjectBanner, ProjectLogo } from "./project-images";

/** What a card shows of a project: `cardData(view)` picks it, so a page sends no more than this. */
export type ProjectCardData = Pick<
  ProjectView,
  "id" | "slug" | "name" | "game" | "category" | "description" | "status" | "visibility" | "logoUrl" | "bannerUrl"
>;

export function cardData({
  id,
  slug,
  name,
  game,
  category,
  description,
  status,
  visibility,
  logoUrl,
  bannerUrl,
}: ProjectView): ProjectCardData {
  return { id, slug, name, game, category, description, status, visibility, logoUrl, bannerUrl };
}

/**
 * A project in a list: banner, logo, name (the link over the whole card), game and category.
 * `signInFirst`: the page is for signed-in users only (APPLICATION_ONLY), so the card leads to sign-in.
 *
 * The link is a plain anchor, not a `next/link` (a context provider, six hooks and three handlers
 * per card on the server, docs/performance.md): the list the cards sit in navigates inside the app
 * with one handler (`useListNavigation`: ProjectGrid, or a `NavigatedList`). A project without a
 * banner or a logo gets its placeholder as plain markup, no `FallbackImage`.
 */
export function ProjectCard({
  project,
  showState = false,
  signInFirst = false,
}: {
  project: ProjectCardData;
  showState?: boolean;
  signInFirst?: boolean;
}) {
  const t = useTranslations("projects.card");
  const href = signInFirst ? `/sign-in?next=${encodeURIComponent(`/projects/${project.slug}`)}` : `/projects/${project.slug}`;
  return (
    <li className="relative flex flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200 hover:ring-indigo-300">
      <ProjectBanner url={project.bannerUrl} className="h-20 w-full" placeholderClassName="h-20 opacity-80" />
      <div className="-mt-6 flex gap-4 px-4 pb-4">
        <ProjectLogo project={project} />
        <div className="min-w-0 flex-1 pt-7">
          <h2 className="line-clamp-2 font-semibold break-words text-slate-900">
            {/* The link covers the whole card with its ::after, so the keyboard's focus ring is drawn there, around the card. */}
            <a
              href={href}
              className="after:absolute after:inset-0 after:rounded-lg focus:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-indigo-600"
            >
              {project.name}
            </a>
          </h2>
          <p className="text-sm break-words text-slate-500">
            {[project.game, project.category].filter(Boolean).join(" · ") || t("noGame")}
          </p>
          {project.description && <p className="mt-1 line-clamp-2 text-sm break-words text-slate-600">{project.description}</p>}
          {signInFirst && <p className="mt-1 text-xs font-medium text-indigo-700">{t("signInFirst")}</p>}
          {showState && (
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <StatusBadge status={project.status} />
              <VisibilityBadge visibility={project.visibility} />
            </div>
          )}
        </div>
      </div>
    </li>
  );
}

export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <p className="font-semibold text-slate-900">{title}</p>
      {children && <div className="mt-2 text-sm text-slate-600">{children}</div>}
    </div>
  );
}
