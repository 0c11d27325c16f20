import type { ReactNode } from "react";

/**
 * A section's list, or in its place the line that says there is nothing in it ("No releases yet.").
 * `boxed`: the line stands in a dashed box where the list would be (the token and webhook
 * managers, whose list is a box of its own).
 */
export function ListOrNone({
  items,
  none,
  boxed = false,
  children,
}: {
  items: readonly unknown[];
  none: ReactNode;
  boxed?: boolean;
  children: ReactNode;
}) {
  if (items.length > 0) return children;
  return boxed ? (
    <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">{none}</p>
  ) : (
    <p className="text-sm text-slate-600">{none}</p>
  );
}
