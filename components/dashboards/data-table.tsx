import type { ReactNode } from "react";

export interface Column {
  label: ReactNode;
  /** Width and alignment classes for the header cell. */
  className?: string;
}

/**
 * The dashboards' table shell: a bordered region that scrolls sideways on a phone (focusable, so
 * the keyboard can scroll it too), a caption for screen readers and a header row. Columns given
 * as `false` are left out, so callers can drop one conditionally.
 */
export function DataTable({
  caption,
  columns,
  children,
  tableClassName = "",
}: {
  caption: string;
  columns: Array<Column | string | false>;
  children: ReactNode;
  tableClassName?: string;
}) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200" tabIndex={0} role="region" aria-label={caption}>
      <table className={`w-full text-left text-sm ${tableClassName}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((column, i) => {
              if (column === false) return null;
              const { label, className = "" } = typeof column === "string" ? { label: column } : column;
              return (
                <th key={i} scope="col" className={`px-3 py-2 ${className}`}>
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
