"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

export function ManageTabs({ base, tabs }: { base: string; tabs: { href: string; label: string; badge?: number }[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Project management" className="-mb-px flex gap-1 overflow-x-auto border-b border-slate-200">
      {tabs.map((tab) => {
        const href = `${base}${tab.href}`;
        const current = pathname === href;
        return (
          <Link
            key={tab.href}
            href={href}
            aria-current={current ? "page" : undefined}
            className={`whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${current ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"}`}
          >
            {tab.label}
            {tab.badge ? (
              <span className="ml-1.5 rounded-full bg-indigo-600 px-1.5 py-0.5 text-xs font-semibold text-white" aria-label={`${tab.badge} pending`}>
                {tab.badge}
              </span>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}
