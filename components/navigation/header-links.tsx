"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { currentHref, type NavItem } from "@/lib/portal/navigation";

export interface LabelledItem extends NavItem {
  text: string;
}

const linkClass =
  "block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:bg-indigo-50 aria-[current=page]:text-indigo-700";

/** A row (or, in a menu, a column) of header links; the page being shown is marked with `aria-current`. */
export function HeaderLinks({ items, all, vertical = false }: { items: LabelledItem[]; all: string[]; vertical?: boolean }) {
  const pathname = usePathname();
  const current = currentHref(all, pathname);
  return (
    <ul className={vertical ? "flex flex-col gap-0.5" : "flex items-center gap-1"}>
      {items.map((item) => (
        <li key={item.href}>
          <Link href={item.href} className={linkClass} aria-current={item.href === current ? "page" : undefined}>
            {item.text}
          </Link>
        </li>
      ))}
    </ul>
  );
}
