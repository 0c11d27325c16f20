import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { NavigatedList } from "@/components/navigation/navigated-list";
import { ProjectCard } from "@/components/projects/project-card";
import { getPortalActor } from "@/lib/auth/portal";
import { isPubliclyReadable } from "@/lib/permissions";
import { featuredProjects, recentlyPublishedProjects } from "@/lib/projects/showcase";
import type { ProjectView } from "@/lib/projects/schemas";

/** A button-like link on the welcome banner: white for the main way on, outlined for the others. */
function HeroLink({ href, primary = false, children }: { href: string; primary?: boolean; children: ReactNode }) {
  const look = primary ? "bg-white text-indigo-700 hover:bg-indigo-50" : "text-white ring-1 ring-white/60 hover:bg-white/10";
  return (
    <Link
      href={href}
      className={`rounded-md px-4 py-2 text-sm font-semibold ${look} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white`}
    >
      {children}
    </Link>
  );
}

export default async function HomePage() {
  const [actor, t, featured] = await Promise.all([getPortalActor(), getTranslations("projects.home"), featuredProjects(3)]);
  // A project is on the page once: the recent shelf leaves out the featured ones, and is left out
  // itself when they are all there is (its "All projects" link then moves to the featured shelf).
  const recent = await recentlyPublishedProjects(
    6,
    featured.map((project) => project.id),
  );
  const allProjects = { href: "/projects", label: t("allProjects") };
  const showRecent = recent.length > 0 || featured.length === 0;
  const card = (project: ProjectView) => (
    <ProjectCard key={project.id} project={project} signInFirst={!actor && !isPubliclyReadable(project, { signedIn: false })} />
  );
  const links: [string, string, string][] = [
    [t("accountTitle"), t("accountText"), "/account"],
    [t("apiTitle"), t("apiText"), "/api-docs"],
    [t("openApiTitle"), t("openApiText"), "/api/v1/openapi.json"],
  ];
  return (
    <div className="space-y-10">
      <section className="rounded-xl bg-gradient-to-br from-indigo-600 to-violet-600 px-6 py-10 text-white shadow sm:px-8 sm:py-12">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
        <p className="mt-3 max-w-2xl text-indigo-100">{t("intro")}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <HeroLink href="/projects" primary>
            {t("browse")}
          </HeroLink>
          {actor ? (
            <HeroLink href="/start">{t("toWork")}</HeroLink>
          ) : (
            <>
              <HeroLink href="/sign-up">{t("signUp")}</HeroLink>
              <HeroLink href="/sign-in">{t("signIn")}</HeroLink>
            </>
          )}
        </div>
      </section>
      <Shelf
        id="featured"
        title={t("featured")}
        description={t("featuredText")}
        empty={t("nothingYet")}
        more={showRecent ? undefined : allProjects}
      >
        {featured.map(card)}
      </Shelf>
      {showRecent && (
        <Shelf id="recent" title={t("recent")} description={t("recentText")} empty={t("nothingYet")} more={allProjects}>
          {recent.map(card)}
        </Shelf>
      )}
      <section aria-labelledby="more" className="space-y-3">
        <h2 id="more" className="text-lg font-semibold text-slate-900">
          {t("more")}
        </h2>
        <div className="grid gap-4 sm:grid-cols-3">
          {links.map(([title, text, href]) => {
            const className =
              "rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200 hover:ring-indigo-300 focus-visible:outline-2 focus-visible:outline-indigo-600";
            const content = (
              <>
                <span className="block font-semibold text-slate-900">{title}</span>
                <span className="mt-1 block text-sm text-slate-600">{text}</span>
              </>
            );
            // The API document is a file, not a page: a plain link, which the router never prefetches.
            return href.startsWith("/api/") ? (
              <a key={href} href={href} className={className}>
                {content}
              </a>
            ) : (
              <Link key={href} href={href} className={className}>
                {content}
              </Link>
            );
          })}
        </div>
      </section>
    </div>
  );
}

function Shelf({
  id,
  title,
  description,
  empty,
  more,
  children,
}: {
  id: string;
  title: string;
  description: string;
  empty: string;
  more?: { href: string; label: string };
  children: ReactNode[];
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id={id} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <p className="text-sm text-slate-600">{description}</p>
        </div>
        {more && (
          <Link href={more.href} className="text-sm font-semibold text-indigo-700 hover:underline">
            {more.label}
          </Link>
        )}
      </div>
      {children.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        // The cards' links are plain anchors: the list navigates inside the app (components/projects/project-card.tsx).
        <NavigatedList className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</NavigatedList>
      )}
    </section>
  );
}
