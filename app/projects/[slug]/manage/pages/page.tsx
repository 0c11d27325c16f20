import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { ReviewLockNote } from "@/components/projects/manage/review-lock";
import { type ManageTabPageProps, manageTabMetadata, renderManageTab } from "@/components/projects/manage/tab-page";
import { Card } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { DataTable } from "@/components/ui/data-table";
import { Notice } from "@/components/ui/notice";
import { MAX_PAGES_PER_PROJECT } from "@/lib/pages/schemas";
import { pageNavigation } from "@/lib/pages/service";
import { reviewedContentLocked } from "@/lib/permissions";
import type { ManageTabContext } from "@/lib/portal/project-page";

export const generateMetadata = manageTabMetadata("pages");

type Search = { deleted?: string };

export default async function PagesTab(props: ManageTabPageProps<{ slug: string }, Search>) {
  return renderManageTab(props, "pages", pageList);
}

async function pageList(tab: ManageTabContext, { searchParams }: { searchParams: Promise<Search> }) {
  const { project } = tab;
  const [pages, t] = await Promise.all([pageNavigation(tab), getTranslations("pages")]);
  const base = `/projects/${project.slug}/manage/pages`;
  return (
    <Card title={t("title")} description={t("description", { max: MAX_PAGES_PER_PROJECT })}>
      <div className="space-y-4">
        {(await searchParams).deleted && <Notice tone="success">{t("deleted")}</Notice>}
        {pages.length === 0 ? (
          <p className="text-sm text-slate-500">{t("none")}</p>
        ) : (
          <DataTable
            caption={t("title")}
            columns={[{ label: t("order") }, { label: t("pageTitle") }, { label: t("address") }, { label: t("changed") }]}
          >
            {pages.map((page) => (
              <tr key={page.slug}>
                <td className="py-2 pr-3 tabular-nums">{page.position}</td>
                <td className="pr-3">
                  <Link href={`${base}/${page.slug}`} className="font-medium text-indigo-700 hover:underline">
                    {page.title}
                  </Link>
                </td>
                <td className="pr-3 font-mono text-xs break-all text-slate-600">/pages/{page.slug}</td>
                <td className="text-slate-600">
                  <LocalTime at={page.updatedAt} format="date" />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        {reviewedContentLocked(project) ? (
          <ReviewLockNote />
        ) : (
          pages.length < MAX_PAGES_PER_PROJECT && (
            <Link
              href={`${base}/new`}
              className="inline-flex rounded-md bg-indigo-600 px-3.5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500"
            >
              {t("new")}
            </Link>
          )
        )}
      </div>
    </Card>
  );
}
