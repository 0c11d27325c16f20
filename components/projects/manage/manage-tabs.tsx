"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { usePathname } from "next/navigation";

/**
 * The management area's tab bar. On a narrow screen it scrolls sideways inside itself (the page
 * never does), and the current tab is scrolled into view.
 */
export function ManageTabs({ base, tabs }: { base: string; tabs: { href: string; label: string; badge?: number }[] }) {
  const t = useTranslations("manage");
  const pathname = usePathname();
  return (
    // `relative` on the nav and the links: the screen-reader text (position: absolute) stays inside the scrolling bar.
    <nav aria-label={t("tabsLabel")} className="relative -mb-px max-w-full overflow-x-auto overscroll-x-contain border-b border-slate-200">
      <ul className="flex w-max min-w-full gap-1">
        {tabs.map((tab) => {
          const href = `${base}${tab.href}`;
          const isCurrent = pathname === href;
          return (
            <li key={tab.href}>
              <Link
                ref={isCurrent ? revealCurrentTab : undefined}
                href={href}
                aria-current={isCurrent ? "page" : undefined}
                className={`relative block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 ${isCurrent ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"}`}
              >
                {tab.label}
                {tab.badge ? (
                  <>
                    <span aria-hidden className="ml-1.5 rounded-full bg-indigo-600 px-1.5 py-0.5 text-xs font-semibold text-white">
                      {tab.badge}
                    </span>
                    <span className="sr-only"> ({t("pending", { count: tab.badge })})</span>
                  </>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The ref of the current tab: React calls it with the link each time another tab becomes current. */
function revealCurrentTab(link: HTMLAnchorElement | null) {
  link?.scrollIntoView({ block: "nearest", inline: "nearest" });
}
