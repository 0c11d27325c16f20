import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { NoAccess } from "@/components/projects/manage/no-access";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { MAX_PAGES_PER_PROJECT } from "@/lib/pages/schemas";
import { pageNavigation } from "@/lib/pages/service";
import { loadManagePage } from "@/lib/portal/project-page";
import { moduleEnabled } from "@/lib/projects/access";

export const metadata: Metadata = { title: "Pages" };

export default async function PagesTab({ params, searchParams }: { params: Promise<{ slug: string }>; searchParams: Promise<{ deleted?: string }> }) {
  const context = await loadManagePage((await params).slug);
  const { project, access } = context;
  // The module guard: with PROJECT_PAGES off this tab does not exist.
  if (!moduleEnabled(project, "PROJECT_PAGES")) notFound();
  if (!access.permissions.has("pages.manage")) return <NoAccess what="edit the project's pages" />;
  const pages = await pageNavigation(context);
  const base = `/projects/${project.slug}/manage/pages`;
  return (
    <Card title="Pages" description={`Markdown pages shown on the project page, lowest order first (at most ${MAX_PAGES_PER_PROJECT}).`}>
      <div className="space-y-4">
        {(await searchParams).deleted && <Notice tone="success">The page is deleted.</Notice>}
        {pages.length === 0 ? (
          <p className="text-sm text-slate-500">No pages yet.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="text-xs uppercase text-slate-500">
              <tr>
                <th className="py-2">Order</th>
                <th>Title</th>
                <th>Address</th>
                <th>Last changed</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {pages.map((page) => (
                <tr key={page.slug}>
                  <td className="py-2 tabular-nums">{page.position}</td>
                  <td>
                    <Link href={`${base}/${page.slug}`} className="font-medium text-indigo-700 hover:underline">
                      {page.title}
                    </Link>
                  </td>
                  <td className="font-mono text-xs text-slate-600">/pages/{page.slug}</td>
                  <td className="text-slate-600">{new Date(page.updatedAt).toLocaleDateString("en-GB", { dateStyle: "medium", timeZone: "UTC" })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {pages.length < MAX_PAGES_PER_PROJECT && (
          <Link href={`${base}/new`} className="inline-flex rounded-md bg-indigo-600 px-3.5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500">
            New page
          </Link>
        )}
      </div>
    </Card>
  );
}
