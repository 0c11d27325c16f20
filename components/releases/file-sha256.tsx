import { useTranslations } from "next-intl";
import { CopyButton } from "@/components/ui/copy-button";
import type { FileView } from "@/lib/downloads/schemas";

/**
 * A file's sha256 for the team: its first 12 characters (all of it on hover) and a Copy button
 * that takes all of it, as GitLab shows a commit. Whole, 64 characters took the room of the file's
 * name in the Files tab. A release's file rows say "sha256" before it (`labelled`); the Files tab's
 * column header says it there. The project page shows it whole, for players comparing a download.
 */
export function FileSha256({ file, labelled = false }: { file: Pick<FileView, "name" | "sha256">; labelled?: boolean }) {
  const t = useTranslations("releases");
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="font-mono text-xs whitespace-nowrap text-slate-500" title={file.sha256}>
        {labelled ? "sha256 " : ""}
        {file.sha256.slice(0, 12)}…
      </span>
      <CopyButton text={file.sha256} label={t("copySha", { name: file.name })} />
    </div>
  );
}
