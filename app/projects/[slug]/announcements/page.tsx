import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Announcement } from "@/components/projects/project-content";
import { ProjectBackLink } from "@/components/projects/project-back-link";
import { BadRequest } from "@/lib/errors";
import { latestMessages } from "@/lib/messages/service";
import { loadProjectPage } from "@/lib/portal/project-page";
import { moduleEnabled } from "@/lib/projects/access";
import { pageTitle } from "@/lib/portal/page-title";

export const generateMetadata = pageTitle("projects.page.announcements");

const PER_PAGE = 20;

/** Every announcement of a project, newest first, 20 at a time. */
export default async function AnnouncementsPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<{ cursor?: string }>;
}) {
  const context = await loadProjectPage((await params).slug);
  const { project } = context;
  if (!moduleEnabled(project, "MESSAGES")) notFound();
  const cursor = (await searchParams).cursor;
  const t = await getTranslations("projects.page");
  const messages = await latestMessages(context, { limit: PER_PAGE, cursor: typeof cursor === "string" ? cursor : undefined }).catch(
    (error: unknown) => {
      if (error instanceof BadRequest) notFound();
      throw error;
    },
  );
  return (
    <section className="space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <ProjectBackLink project={project} />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("announcements")}</h1>
      {messages.data.length === 0 ? (
        <p className="text-sm text-slate-500">{t("noAnnouncements")}</p>
      ) : (
        <ul className="space-y-3">
          {messages.data.map((message) => (
            <Announcement key={message.id} message={message} />
          ))}
        </ul>
      )}
      {messages.nextCursor && (
        <Link
          href={`/projects/${project.slug}/announcements?cursor=${messages.nextCursor}`}
          className="text-sm font-medium text-indigo-700 underline"
        >
          {t("olderAnnouncements")}
        </Link>
      )}
    </section>
  );
}
