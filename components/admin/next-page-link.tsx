import Link from "next/link";
import type { ReactNode } from "react";

/** An admin list's way to its next page: the same filters, the next cursor; nothing on the last page. */
export function NextPageLink({
  path,
  query,
  cursor,
  children,
}: {
  path: string;
  query: Record<string, string>;
  cursor: string | null | undefined;
  children: ReactNode;
}) {
  if (!cursor) return null;
  return (
    <p className="mt-4 text-right">
      <Link href={`${path}?${new URLSearchParams({ ...query, cursor })}`} className="text-sm font-semibold text-indigo-700">
        {children} <span aria-hidden>→</span>
      </Link>
    </p>
  );
}
