import { SectionTabs } from "./section-tabs";

/** The teacher's pages, in the order of the nav. */
export const TEACHER_LINKS = [
  { href: "/teacher/dashboard", label: "Dashboard" },
  { href: "/teacher/courses", label: "Courses and requests" },
  { href: "/teacher/sections", label: "Sections" },
  { href: "/teacher/availability", label: "Availability" },
  { href: "/teacher/earnings", label: "Earnings" },
] as const;

/** The teacher's section links; `current` is the page's path (a section's edit page counts as Sections). */
export function TeacherNav({ current, isAdmin = false }: { current: string; isAdmin?: boolean }) {
  // An admin has no hours or earnings of their own (they see every statement at /admin/earnings).
  const links = isAdmin
    ? TEACHER_LINKS.filter((link) => link.href !== "/teacher/availability" && link.href !== "/teacher/earnings")
    : TEACHER_LINKS;
  return <SectionTabs label="Teacher" links={links} current={current} />;
}
