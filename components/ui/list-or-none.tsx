import type { ReactNode } from "react";

/** A section's list, or in its place the line that says there is nothing in it ("No releases yet."). */
export function ListOrNone({ items, none, children }: { items: readonly unknown[]; none: ReactNode; children: ReactNode }) {
  return items.length === 0 ? <p className="text-sm text-slate-600">{none}</p> : children;
}
