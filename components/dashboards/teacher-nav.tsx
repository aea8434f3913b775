import { SectionTabs } from "./section-tabs";

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
  return <SectionTabs label="Teacher" links={links} current={current} />;
}
