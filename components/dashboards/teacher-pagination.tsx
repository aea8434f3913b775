import Link from "next/link";

const linkClass = "rounded-lg border border-slate-300 px-3 py-1.5 font-semibold text-brand-700 hover:bg-slate-50";

/** Previous / next links for a paged list; `query` keeps the other parameters of the page. */
export function TeacherPagination({
  path,
  query,
  page,
  hasNextPage,
}: {
  path: string;
  query: Record<string, string>;
  page: number;
  hasNextPage: boolean;
}) {
  if (page === 1 && !hasNextPage) return null;
  const href = (target: number) => {
    const params = new URLSearchParams(query);
    if (target > 1) params.set("page", String(target));
    const search = params.toString();
    return search ? `${path}?${search}` : path;
  };
  return (
    <nav aria-label="Pages of demo requests" className="mt-4 flex items-center gap-3 text-sm">
      {page > 1 ? (
        <Link href={href(page - 1)} className={linkClass}>
          Newer
        </Link>
      ) : null}
      <span className="text-slate-700">Page {page}</span>
      {hasNextPage ? (
        <Link href={href(page + 1)} className={linkClass}>
          Older
        </Link>
      ) : null}
    </nav>
  );
}
