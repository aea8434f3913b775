import { SectionTabs } from "./section-tabs";

/** The admin's pages (issue 4), in the order of the nav. */
export const ADMIN_LINKS = [
  { href: "/admin/dashboard", label: "Overview" },
  { href: "/admin/users", label: "Users" },
  { href: "/admin/courses", label: "Courses" },
  { href: "/admin/sections", label: "Sections" },
  { href: "/admin/orders", label: "Orders" },
  { href: "/admin/earnings", label: "Earnings" },
  { href: "/admin/applications", label: "Teacher applications" },
  { href: "/admin/events", label: "Log events" },
  { href: "/admin/link-hosts", label: "Link sites" },
  { href: "/admin/outbox", label: "Outbox" },
] as const;

/** The admin's section links; `current` is the page's path (a course's edit page counts as Courses). */
export function AdminNav({ current }: { current: string }) {
  return <SectionTabs label="Admin" links={ADMIN_LINKS} current={current} />;
}
