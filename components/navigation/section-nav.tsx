"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useId, useState } from "react";

export interface SectionNavTab {
  href: string;
  label: string;
  badge?: number;
  /** What the badge counts, for screen readers ("3 pending"). */
  badgeLabel?: string;
}

export interface SectionNavGroup {
  key: string;
  label: string;
  tabs: SectionNavTab[];
}

/**
 * An area's side navigation in groups (the project management area, as project settings are on
 * Modrinth and GitLab; the account, as Keycloak's account console is). From 1024 px it is a column
 * beside the section's page; narrower, it folds into one button naming the current section, which
 * opens the same grouped list (a disclosure) and closes again once a section is chosen. The current
 * section is marked with `aria-current`; a page below one (a release's editor) marks it too.
 * `label` names the navigation, `section` is the word before the current section on the button.
 */
export function SectionNav({ base, groups, label, section }: { base: string; groups: SectionNavGroup[]; label: string; section: string }) {
  const id = useId();
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  // Choosing a tab closes the folded list: the new page is what the user asked to see.
  const [openedAt, setOpenedAt] = useState(pathname);
  if (openedAt !== pathname) {
    setOpenedAt(pathname);
    setOpen(false);
  }
  useFocusLinkedField(pathname);
  const all = groups.flatMap((group) => group.tabs);
  const current = currentTab(base, pathname, all);
  return (
    <nav aria-label={label} className="min-w-0 lg:sticky lg:top-4 lg:self-start">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-groups`}
        onClick={() => setOpen((was) => !was)}
        className="flex w-full items-center justify-between gap-3 rounded-md bg-white px-3 py-2 text-left text-sm ring-1 ring-slate-200 lg:hidden"
      >
        <span className="min-w-0 truncate">
          <span className="text-slate-500">{section} </span>
          <span className="font-medium">{current?.label ?? label}</span>
        </span>
        <span aria-hidden className={`text-slate-500 transition-transform ${open ? "rotate-180" : ""}`}>
          ▾
        </span>
      </button>
      <div
        id={`${id}-groups`}
        className={`${open ? "mt-2 block rounded-md bg-white p-2 ring-1 ring-slate-200" : "hidden"} space-y-4 lg:mt-0 lg:block lg:bg-transparent lg:p-0 lg:ring-0`}
      >
        {groups.map((group) => (
          <div key={group.key}>
            <p id={`${id}-${group.key}`} className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {group.label}
            </p>
            <ul aria-labelledby={`${id}-${group.key}`} className="space-y-0.5">
              {group.tabs.map((tab) => {
                const href = `${base}${tab.href}`;
                const isCurrent = tab === current;
                return (
                  <li key={tab.href}>
                    <Link
                      href={href}
                      aria-current={isCurrent ? (pathname === href ? "page" : "true") : undefined}
                      className={`flex items-center justify-between gap-2 rounded-md px-3 py-1.5 text-sm ${isCurrent ? "bg-indigo-50 font-medium text-indigo-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"}`}
                    >
                      <span>{tab.label}</span>
                      {tab.badge ? (
                        <>
                          <span aria-hidden className="rounded-full bg-indigo-600 px-1.5 py-0.5 text-xs font-semibold text-white">
                            {tab.badge}
                          </span>
                          {tab.badgeLabel && <span className="sr-only"> ({tab.badgeLabel})</span>}
                        </>
                      ) : null}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}

/** The tab the page belongs to: its own address, or the longest tab address it lies below. */
function currentTab(base: string, pathname: string, tabs: SectionNavTab[]): SectionNavTab | undefined {
  return tabs
    .filter((tab) => pathname === `${base}${tab.href}` || (tab.href && pathname.startsWith(`${base}${tab.href}/`)))
    .sort((a, b) => b.href.length - a.href.length)[0];
}

/**
 * A link to a field (`…/manage#logoUrl`, from the submission checklist) scrolls to it and puts the
 * focus in it, so a keyboard or screen-reader user lands where the work is.
 */
function useFocusLinkedField(pathname: string) {
  useEffect(() => {
    // Once per page opened (`pathname` changes with each tab), for the field the address names.
    const id = pathname && window.location.hash.slice(1);
    const target = id ? document.getElementById(decodeURIComponent(id)) : null;
    if (target instanceof HTMLElement) target.focus();
  }, [pathname]);
}
