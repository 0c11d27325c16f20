import { getLocale, getTranslations } from "next-intl/server";
import { MarkdownHtml } from "@/components/pages/markdown-html";
import { LocalTime } from "@/components/ui/local-time";
import type { Actor } from "@/lib/auth/actor";
import { downloadsProject } from "@/lib/downloads/service";
import { NotFound } from "@/lib/errors";
import { RELEASE_CHANNELS } from "@/lib/permissions";
import { currentReleases, presentRelease, renderChangelog } from "@/lib/releases/service";
import { formatBytes } from "./format";

/**
 * The project page's downloads: the current release of each channel the visitor may see, with
 * its files' size and sha256. Nothing at all while the DOWNLOADS module is off or the visitor may
 * not see the downloads (the same rule as the API).
 */
export async function ProjectDownloads({ actor, projectId }: { actor: Actor | null; projectId: string }) {
  let current: Awaited<ReturnType<typeof currentReleases>>;
  try {
    current = await currentReleases(await downloadsProject(actor, projectId));
  } catch (error) {
    if (error instanceof NotFound) return null;
    throw error;
  }
  const releases = RELEASE_CHANNELS.map((channel) => current[channel])
    .filter((release) => release !== undefined)
    .map(presentRelease);
  if (!releases.length) return null;
  const [t, channel, kind, locale] = await Promise.all([
    getTranslations("releases"),
    getTranslations("labels.releaseChannel"),
    getTranslations("labels.downloadKind"),
    getLocale(),
  ]);
  return (
    <section aria-labelledby="downloads-heading" className="space-y-4">
      <h2 id="downloads-heading" className="text-lg font-semibold">
        {t("downloadsHeading")}
      </h2>
      {releases.map((release) => (
        <article
          key={release.id}
          className="space-y-3 rounded-lg p-4 ring-1 ring-slate-200"
          aria-label={`${channel(release.channel)} ${release.version}`}
        >
          <div className="flex flex-wrap items-baseline gap-2">
            <h3 className="font-semibold break-words">
              {release.title} <span className="text-slate-600">{release.version}</span>
            </h3>
            <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-800 ring-1 ring-indigo-200">
              {channel(release.channel)}
            </span>
            {release.publishedAt && <LocalTime at={release.publishedAt} format="date" className="text-xs text-slate-500" />}
          </div>
          {release.changelog.trim() && <MarkdownHtml html={renderChangelog(release.changelog)} className="text-sm" />}
          {release.files.length > 0 && (
            <ul className="space-y-2">
              {release.files.map((file) => (
                <li key={file.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                  <a
                    href={file.url}
                    download={file.name}
                    className="rounded-md bg-indigo-600 px-3 py-1.5 font-semibold text-white hover:bg-indigo-500"
                  >
                    {/* The name moves to the next line whole, and breaks only when it is wider than the line. */}
                    {t.rich("download", {
                      name: file.name,
                      file: (name) => <span className="inline-block max-w-full break-words">{name}</span>,
                    })}
                  </a>
                  <span className="text-slate-600">
                    {kind(file.kind)} · {formatBytes(file.size, locale)}
                  </span>
                  <span className="font-mono text-xs text-slate-500 break-all" title={t("compareSha")}>
                    sha256 {file.sha256}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </article>
      ))}
    </section>
  );
}
