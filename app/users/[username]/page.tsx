import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { cache } from "react";
import { NavigatedList } from "@/components/navigation/navigated-list";
import { ProjectCard } from "@/components/projects/project-card";
import { Avatar } from "@/components/ui/avatar";
import { Card } from "@/components/ui/card";
import { ListOrNone } from "@/components/ui/list-or-none";
import { LocalTime } from "@/components/ui/local-time";
import { getPortalActor } from "@/lib/auth/portal";
import { isPubliclyReadable } from "@/lib/permissions";
import { orNotFound } from "@/lib/portal/or-not-found";
import { listedProjectsOf } from "@/lib/projects/showcase";
import { publicProfilePage } from "@/lib/users/profile";

const load = cache((username: string) => orNotFound(publicProfilePage(username)));

export async function generateMetadata({ params }: { params: Promise<{ username: string }> }): Promise<Metadata> {
  const { profile } = await load((await params).username);
  return { title: profile.displayName };
}

/** A person's public page: name, picture, the birth date where they show it, and their public projects. */
export default async function PublicProfilePage({ params }: { params: Promise<{ username: string }> }) {
  const [{ profile, memberSince }, actor, t, format] = await Promise.all([
    load((await params).username),
    getPortalActor(),
    getTranslations("account.publicProfile"),
    getFormatter(),
  ]);
  const projects = await listedProjectsOf(profile.id);
  const day = (date: Date | string) => format.dateTime(new Date(date), { dateStyle: "long", timeZone: "UTC" });
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center gap-4">
        <Avatar name={profile.displayName} url={profile.avatarUrl} size={80} />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900">{profile.displayName}</h1>
          <p className="text-sm text-slate-600">@{profile.username}</p>
          <p className="text-sm text-slate-600">
            {t.rich("memberSince", { time: () => <LocalTime at={memberSince} format="longDate" /> })}
            {profile.dateOfBirth && <> · {t("born", { date: day(profile.dateOfBirth) })}</>}
          </p>
        </div>
      </header>
      <Card title={t("projects")} description={t("projectsDescription", { name: profile.displayName })}>
        <ListOrNone items={projects} none={t("noProjects")}>
          <NavigatedList className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {projects.map((project) => (
              <li key={project.id}>
                <ProjectCard project={project} signInFirst={!actor && !isPubliclyReadable(project, { signedIn: false })} />
              </li>
            ))}
          </NavigatedList>
        </ListOrNone>
      </Card>
    </div>
  );
}
