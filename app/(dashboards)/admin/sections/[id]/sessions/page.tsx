import { AdminNav } from "@/components/dashboards/admin-nav";
import { requirePagePermission } from "@/lib/platform/auth/session";

import { SectionSessionsView } from "../../../../teacher/sections/section-sessions-view";

export const metadata = { title: "Sessions" };

const LIST = "/admin/sections";

/** Issue 27: an admin moves or cancels one session of any section, as its teacher would. */
export default async function AdminSectionSessionsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await requirePagePermission("courses.manage", `${LIST}/${encodeURIComponent(id)}/sessions`);
  return (
    <SectionSessionsView
      id={id}
      actor={actor}
      list={LIST}
      intro="A move is checked against the teacher's other sections and demos."
      navAbove={<AdminNav current={LIST} />}
    />
  );
}
