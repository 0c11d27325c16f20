import type { ReactNode } from "react";

/** A column of a portal table: its header label and, where needed, classes for its header cell (width, alignment, hidden on phones). */
export interface Column {
  label: ReactNode;
  /** The label is for screen readers only (a column of row buttons). */
  srOnly?: boolean;
  className?: string;
}

/**
 * `plain`: a table inside a section or form, cells aligned with the text around it.
 * `framed`: a table that is the page's content, on a white card with padded cells.
 */
type Variant = "plain" | "framed";

const HEAD: Record<Variant, string> = {
  plain: "border-b border-slate-200 text-xs uppercase text-slate-500",
  framed: "border-b border-slate-200 text-xs uppercase text-slate-600",
};
const HEAD_CELL: Record<Variant, string> = { plain: "py-2 pr-3 last:pr-0", framed: "px-4 py-2" };
const BOX: Record<Variant, string> = { plain: "", framed: "rounded-lg bg-white shadow-sm ring-1 ring-slate-200" };

/** The header row of a portal table (for tables that build their own bodies, such as one body per row group). */
export function TableHead({ columns, variant = "plain" }: { columns: readonly Column[]; variant?: Variant }) {
  return (
    <thead className={HEAD[variant]}>
      <tr>
        {columns.map((column, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are a fixed list, never reordered, and a label is any node (no id): the position is the column
          <th key={index} scope="col" className={`${HEAD_CELL[variant]} ${column.className ?? ""}`}>
            {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * A portal table: a caption for screen readers, the header row and the rows (`children`, `<tr>`s).
 * On a narrow screen it scrolls sideways inside its box, never the page; with `regionLabel` that
 * box is a labelled, focusable region, so a keyboard can scroll it too.
 */
export function DataTable({
  caption,
  columns,
  children,
  variant = "plain",
  className = "",
  tableClassName = "",
  regionLabel,
}: {
  caption: string;
  columns: readonly Column[];
  children: ReactNode;
  variant?: Variant;
  className?: string;
  tableClassName?: string;
  regionLabel?: string;
}) {
  const region = regionLabel ? { role: "region", "aria-label": regionLabel, tabIndex: 0 } : {};
  const focusRing = regionLabel ? "" : "";
  return (
    <div className={`relative overflow-x-auto ${BOX[variant]} ${focusRing} ${className}`} {...region}>
      <table className={`w-full text-left text-sm ${tableClassName}`}>
        <caption className="sr-only">{caption}</caption>
        <TableHead columns={columns} variant={variant} />
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
