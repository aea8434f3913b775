import Link from "next/link";

/** The admin's pages (issue 4), in the order of the nav. */
export const ADMIN_LINKS = [
  { href: "/admin/dashboard", label: "Overview" },
  { href: "/admin/users", label: "Users" },
  { href: "/admin/courses", label: "Courses" },
  { href: "/admin/sections", label: "Sections" },
  { href: "/admin/orders", label: "Orders" },
  { href: "/admin/applications", label: "Teacher applications" },
  { href: "/admin/events", label: "Log events" },
  { href: "/admin/outbox", label: "Outbox" },
] as const;

/** The admin's section links; `current` is the page's path (a course's edit page counts as Courses). */
export function AdminNav({ current }: { current: string }) {
  return (
    <nav aria-label="Admin" className="mb-8 border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-x-1 text-sm font-semibold">
        {ADMIN_LINKS.map((link) => {
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
