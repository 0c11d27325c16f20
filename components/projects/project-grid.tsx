"use client";

import { useListNavigation } from "@/components/navigation/list-navigation";
import { ProjectCard, type ProjectCardData } from "./project-card";

export interface ProjectGridEntry {
  project: ProjectCardData;
  showState?: boolean;
  signInFirst?: boolean;
}

/**
 * A grid of project cards. A client component on purpose: the page sends the cards as data, not as
 * rendered markup twice (HTML and the server-component payload), which made the directory's 12
 * cards cost half a no-op page (docs/performance.md). Two columns at most: beside the directory's
 * facets a third made the cards too narrow for their names and descriptions. The cards' links are
 * plain anchors that the list navigates inside the app (useListNavigation).
 */
export function ProjectGrid({ entries, label }: { entries: ProjectGridEntry[]; label: string }) {
  const navigation = useListNavigation();
  return (
    <ul className="grid gap-4 sm:grid-cols-2" aria-label={label} {...navigation}>
      {entries.map((entry) => (
        <ProjectCard key={entry.project.id} {...entry} />
      ))}
    </ul>
  );
}
