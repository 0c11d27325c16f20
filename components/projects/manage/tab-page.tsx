import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { type ManageTabContext, type ManageTabKey, openManageTab } from "@/lib/portal/project-page";
import { NoAccess } from "./no-access";

/** A management tab page's title: the tab's name (`manage.tabs.<key>`), as the tab bar shows it. */
export function manageTabMetadata(key: ManageTabKey): () => Promise<Metadata> {
  return async function generateMetadata() {
    const t = await getTranslations("manage.tabs");
    return { title: t(key) };
  };
}

/** What a management tab page receives from Next.js: the route's parameters and the query, both still to await. */
export type ManageTabPageProps<Params extends { slug: string } = { slug: string }, Search = object> = {
  params: Promise<Params>;
  searchParams: Promise<Search>;
};

/**
 * Every management tab page renders through here: the tab opens for the route's project
 * (lib/portal/project-page.ts `openManageTab` decides 404 or "no access"), and `render` runs only
 * once it is open, with the route's parameters awaited and the query handed on.
 */
export async function renderManageTab<Params extends { slug: string }, Search>(
  { params, searchParams }: ManageTabPageProps<Params, Search>,
  key: ManageTabKey,
  render: (tab: ManageTabContext, page: { params: Params; searchParams: Promise<Search> }) => Promise<ReactNode>,
): Promise<ReactNode> {
  const resolved = await params;
  const tab = await openManageTab(resolved.slug, key);
  if (tab.denied) return <NoAccess what={tab.denied} />;
  return render(tab, { params: resolved, searchParams });
}
