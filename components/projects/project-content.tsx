import { useTranslations } from "next-intl";
import Link from "next/link";
import { Byline } from "@/components/messages/byline";
import { MarkdownHtml } from "@/components/pages/markdown-html";
import type { MessageView } from "@/lib/messages/schemas";
import type { PageSummary } from "@/lib/pages/schemas";
import type { SupportLinkView } from "@/lib/projects/support-links";

/** The project's pages as a navigation (module PROJECT_PAGES), `current` marked. */
export function ProjectPagesNav({ slug, pages, current }: { slug: string; pages: PageSummary[]; current?: string }) {
  const t = useTranslations("projects.page");
  if (pages.length === 0) return null;
  return (
    <nav aria-label={t("pagesNav")} className="flex flex-wrap gap-2">
      {pages.map((page) => (
        <Link
          key={page.slug}
          href={`/projects/${slug}/pages/${page.slug}`}
          aria-current={page.slug === current ? "page" : undefined}
          className={`rounded-md px-3 py-1.5 text-sm font-medium ring-1 ${page.slug === current ? "bg-indigo-600 text-white ring-indigo-600" : "text-slate-700 ring-slate-200 hover:bg-slate-50"}`}
        >
          {page.title}
        </Link>
      ))}
    </nav>
  );
}

export function Announcement({ message }: { message: MessageView }) {
  return (
    <li id={`announcement-${message.id}`} className="scroll-mt-20 rounded-md bg-white p-4 ring-1 ring-slate-200">
      <p className="font-semibold break-words text-slate-900">{message.title}</p>
      <Byline message={message} />
      <MarkdownHtml html={message.html} className="mt-2 text-sm" />
    </li>
  );
}

/** The newest announcements (module MESSAGES), with a link to the older ones. */
export function Announcements({ slug, messages, more }: { slug: string; messages: MessageView[]; more: boolean }) {
  const t = useTranslations("projects.page");
  if (messages.length === 0) return null;
  return (
    <section aria-labelledby="announcements" className="space-y-3 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
      <h2 id="announcements" className="font-semibold text-slate-900">
        {t("announcements")}
      </h2>
      <ul className="space-y-3">
        {messages.map((message) => (
          <Announcement key={message.id} message={message} />
        ))}
      </ul>
      {more && (
        <Link href={`/projects/${slug}/announcements`} className="text-sm font-medium text-indigo-700 underline">
          {t("allAnnouncements")}
        </Link>
      )}
    </section>
  );
}

// Brand colours stay the same in both themes, so their text colour is fixed too (never a palette pair that flips),
// dark where white would be too faint on the brand (WCAG AA contrast).
const PLATFORM_STYLE: Record<string, string> = {
  PATREON: "bg-[#ff424d] text-[#0f172b]",
  KO_FI: "bg-[#13c3ff] text-[#0f172b]",
  GITHUB_SPONSORS: "bg-[#0f172b] text-[#fff]",
  PAYPAL: "bg-[#003087] text-[#fff]",
  OPEN_COLLECTIVE: "bg-[#1f87ff] text-[#0f172b]",
  BUY_ME_A_COFFEE: "bg-[#ffdd00] text-[#0f172b]",
  LIBERAPAY: "bg-[#f6c915] text-[#0f172b]",
};

/** Support and donation links (module CREATOR_SUPPORT): known platforms as labelled buttons, others as plain links. */
export function SupportLinks({ links }: { links: SupportLinkView[] }) {
  const t = useTranslations("projects.page");
  if (links.length === 0) return null;
  return (
    <section aria-labelledby="support" className="rounded-lg bg-amber-50 p-4 ring-1 ring-amber-200">
      <h2 id="support" className="font-semibold text-amber-900">
        {t("support")}
      </h2>
      <ul className="mt-2 flex flex-wrap items-center gap-3">
        {links.map((link) => (
          <li key={link.url}>
            <a
              href={link.url}
              rel="noopener noreferrer nofollow"
              target="_blank"
              data-platform={link.platform ?? "OTHER"}
              className={
                link.platform
                  ? `inline-flex rounded-md px-3 py-1.5 text-sm font-semibold shadow-sm ${PLATFORM_STYLE[link.platform]}`
                  : "text-sm font-medium text-amber-900 underline"
              }
            >
              {link.label} <span aria-hidden>↗</span>
              <span className="sr-only"> {t("newTab")}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
