import { TeacherNav } from "@/components/dashboards/teacher-nav";
import { requirePagePermission } from "@/lib/platform/auth/session";

import { SectionSessionsView } from "../../section-sessions-view";

export const metadata = { title: "Sessions" };

const LIST = "/teacher/sections";

/** Issue 27: move or cancel one session of the teacher's own section; someone else's section answers 404. */
export default async function TeacherSectionSessionsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await requirePagePermission("sections.manage", `${LIST}/${encodeURIComponent(id)}/sessions`);
  return (
    <SectionSessionsView
      id={id}
      actor={actor}
      list={LIST}
      intro="Move or cancel one session; the families are told by email with their calendars updated."
      navBelow={<TeacherNav current={LIST} isAdmin={actor.role === "admin"} />}
    />
  );
}
