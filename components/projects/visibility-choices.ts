"use client";

import { useTranslations } from "next-intl";
import { PROJECT_VISIBILITIES } from "@/lib/permissions";

/** A project's visibilities in the reader's words: each with its name and the line that explains it (New project, Settings). */
export function useVisibilityChoices() {
  const label = useTranslations("labels.visibility");
  const help = useTranslations("projects.visibilityHelp");
  return PROJECT_VISIBILITIES.map((value) => ({ value, label: label(value), help: help(value) }));
}
