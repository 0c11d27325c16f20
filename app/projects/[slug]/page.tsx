import type { Metadata } from "next";
import { applyAction, withdrawApplicationAction } from "@/app/applications/actions";
import { ProjectView } from "@/components/projects/project-view";
import { loadProjectPage } from "@/lib/portal/project-page";
import { followAction } from "./actions";

export async function generateMetadata({ params }: { params: Promise<{ slug: string }> }): Promise<Metadata> {
  const { project } = await loadProjectPage((await params).slug);
  return { title: project.name };
}

export default async function ProjectPage({ params }: { params: Promise<{ slug: string }> }) {
  const context = await loadProjectPage((await params).slug);
  return <ProjectView context={context} actions={{ follow: followAction, apply: applyAction, withdraw: withdrawApplicationAction }} />;
}
