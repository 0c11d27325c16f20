import { getTranslations } from "next-intl/server";
import Link from "next/link";
import type { ReactNode } from "react";
import { ClientMessagesProvider } from "@/components/i18n/client-messages-provider";
import { StatusBadge } from "@/components/projects/badges";
import { SectionNav } from "@/components/navigation/section-nav";
import { ReviewLockBanner } from "@/components/projects/manage/review-lock-banner";
import { requirePortalActor } from "@/lib/auth/portal";
import { pendingApplicationCount } from "@/lib/applications/service";
import { allowedTransitions } from "@/lib/permissions";
import { loadManagePage, MANAGE_GROUPS, visibleManageTabs } from "@/lib/portal/project-page";
import { changeStatusAction } from "./review/actions";

export default async function ManageLayout({ children, params }: { children: ReactNode; params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const actor = await requirePortalActor(`/projects/${slug}/manage`);
  const context = await loadManagePage(slug);
  const { project, access } = context;
  const [pending, t] = await Promise.all([pendingApplicationCount(context), getTranslations("manage")]);
  const tabs = visibleManageTabs(context);
  // While in review the reviewed content is locked (DESIGN §8.2): the banner says so on every tab.
  const inReview = project.status === "IN_REVIEW";
  const canWithdraw = inReview && allowedTransitions(actor, access, project.status).some((move) => move.to === "DRAFT");
  // The area's client components: tabs, forms, releases and files, pages, applications (lib/i18n/client-messages.ts).
  return (
    <ClientMessagesProvider
      namespaces={[
        "manage",
        "releases",
        "pages",
        "applications.apply",
        "applications.withdraw",
        "labels",
        "projects.byline",
        "projects.moduleHelp",
        "projects.visibilityHelp",
        "webhooks",
      ]}
    >
      <div className="min-w-0 space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <p className="text-sm text-slate-500">
              <Link href={`/projects/${project.slug}`} className="break-words hover:text-slate-700">
                ← {project.name}
              </Link>
            </p>
            <h1 className="mt-1 flex flex-wrap items-center gap-3 text-2xl font-bold tracking-tight">
              {t("title")} <StatusBadge status={project.status} />
            </h1>
          </div>
          {access.override && (
            <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 ring-1 ring-amber-200">{t("override")}</p>
          )}
        </div>
        {inReview && (
          <ReviewLockBanner target={{ projectId: project.id, slug: project.slug }} withdraw={canWithdraw ? changeStatusAction : null} />
        )}
        {/* The tabs shown are exactly those whose pages open (the same MANAGE_TABS entry decides both). */}
        {tabs.length > 0 ? (
          <div className="space-y-6 lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-8 lg:space-y-0">
            <SectionNav
              base={`/projects/${project.slug}/manage`}
              label={t("tabsLabel")}
              section={t("section")}
              groups={MANAGE_GROUPS.map((group) => ({
                key: group,
                label: t(`groups.${group}`),
                tabs: tabs
                  .filter((tab) => tab.group === group)
                  .map(({ href, key }) => ({
                    href,
                    label: t(`tabs.${key}`),
                    ...(href === "/applications" && pending ? { badge: pending, badgeLabel: t("pending", { count: pending }) } : {}),
                  })),
              })).filter((group) => group.tabs.length > 0)}
            />
            <div className="min-w-0">{children}</div>
          </div>
        ) : (
          children
        )}
      </div>
    </ClientMessagesProvider>
  );
}
