import Link from "next/link";

/** The teacher's pages, in the order of the nav. */
export const TEACHER_LINKS = [
  { href: "/teacher/dashboard", label: "Dashboard" },
  { href: "/teacher/courses", label: "Courses and requests" },
  { href: "/teacher/sections", label: "Sections" },
  { href: "/teacher/availability", label: "Availability" },
] as const;

/** The teacher's section links; `current` is the page's path (a section's edit page counts as Sections). */
export function TeacherNav({ current, isAdmin = false }: { current: string; isAdmin?: boolean }) {
  // An admin has no hours of their own.
  const links = isAdmin ? TEACHER_LINKS.filter((link) => link.href !== "/teacher/availability") : TEACHER_LINKS;
  return (
    <nav aria-label="Teacher" className="mb-8 border-b border-slate-200">
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
