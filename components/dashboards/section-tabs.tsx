import Link from "next/link";

export interface SectionTab {
  href: string;
  label: string;
}

/** A dashboard's row of page links; `current` is the page's path (a page under a link counts as that link). */
export function SectionTabs({ label, links, current }: { label: string; links: readonly SectionTab[]; current: string }) {
  return (
    <nav aria-label={label} className="mb-8 border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-x-1 text-sm font-semibold">
        {links.map((link) => {
          const isCurrent = current === link.href || current.startsWith(`${link.href}/`);
          return (
            <li key={link.href}>
              <Link
                href={link.href}
                aria-current={isCurrent ? "page" : undefined}
                className={`inline-block border-b-2 px-3 py-2 ${isCurrent ? "border-brand-600 text-brand-700" : "border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900"}`}
              >
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
