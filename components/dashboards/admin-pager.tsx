import Link from "next/link";

const linkClass = "rounded-lg border border-slate-300 px-3 py-1.5 font-semibold text-brand-700 hover:bg-slate-50";

function href(path: string, query: Record<string, string | number | undefined>, after?: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== "" && key !== "after") params.set(key, String(value));
  if (after !== undefined) params.set("after", String(after));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Keyset paging (newest first): "Newest" back to the start and "Older" past the last row shown.
 * `query` is the page's filters, kept in both links.
 */
export function AdminPager({
  path,
  query,
  nextAfter,
  label,
}: {
  path: string;
  query: Record<string, string | number | undefined>;
  nextAfter: number | null;
  label: string;
}) {
  const isFirstPage = query.after === undefined;
  if (isFirstPage && nextAfter === null) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center gap-3 text-sm">
      {isFirstPage ? null : (
        <Link href={href(path, query)} className={linkClass}>
          Newest
        </Link>
      )}
      {nextAfter === null ? null : (
        <Link href={href(path, query, nextAfter)} className={linkClass}>
          Older
        </Link>
      )}
    </nav>
  );
}
