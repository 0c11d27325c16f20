import { useTranslations } from "next-intl";
import { FILE_PLATFORM_NAMES, type FileView } from "@/lib/downloads/schemas";

/**
 * Where the launcher installs a file and for which platforms (docs/launcher.md), as it was
 * uploaded: its install path (by default its name; an extracted archive goes into the game's
 * folder, with its count of files), then the platforms on a line of their own. Under a file's
 * name in the Files tab and in a release's file rows.
 */
export function FileInstall({ file }: { file: Pick<FileView, "name" | "path" | "platforms" | "extract" | "entryCount"> }) {
  const t = useTranslations("releases");
  return (
    <>
      <span className="font-mono break-all">{file.path ?? (file.extract ? t("gameFolder") : file.name)}</span>
      <span className="block text-slate-500">
        {file.platforms ? file.platforms.map((platform) => FILE_PLATFORM_NAMES[platform]).join(", ") : t("allPlatforms")}
      </span>
      {file.extract && <span className="block text-slate-500">{t("archiveEntries", { count: file.entryCount ?? 0 })}</span>}
    </>
  );
}
