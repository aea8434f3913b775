import Link from "next/link";

import { TeacherNav } from "@/components/dashboards/teacher-nav";
import { SectionRosters } from "@/components/commerce/section-rosters";
import { SectionTable } from "@/components/scheduling/section-table";
import { sectionRosters } from "@/lib/commerce/enrolments";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { listSectionsFor } from "@/lib/scheduling/section-admin";
import { teacherTimezone } from "@/lib/scheduling/teacher-zone";

export const metadata = { title: "Sections" };

const PATH = "/teacher/sections";

/** Issue 17: the teacher's sections (every section for an admin), with seats and the next session. */
export default async function TeacherSectionsPage() {
  const actor = await requirePagePermission("sections.manage", PATH);
  const [rows, zone] = await Promise.all([listSectionsFor(actor), teacherTimezone(actor.id)]);
  const rosters = await sectionRosters(
    actor,
    rows.map((row) => row.id),
  );
  return (
    <>
      <h1 className="text-3xl font-extrabold text-slate-900">{actor.role === "admin" ? "Sections" : "Your sections"}</h1>
      <p className="mt-2 mb-6 text-slate-700">
        The weekly classes of your courses. Open sections are on sale on the course pages and in the class finder; a new teacher&rsquo;s
        first one is reviewed by our team first (&ldquo;in review&rdquo;).
      </p>
      <TeacherNav current={PATH} isAdmin={actor.role === "admin"} />
      <p className="mb-4">
        <Link href={`${PATH}/new`} className="inline-block rounded-xl bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          New section
        </Link>
      </p>
      <SectionTable rows={rows} editPath={PATH} showTeacher={actor.role === "admin"} withAttendance zone={zone} />
      <SectionRosters
        sections={rows.map((row) => ({
          id: row.id,
          courseTitle: row.courseTitle,
          courseSlug: row.courseSlug,
          learners: rosters.get(row.id) ?? [],
        }))}
      />
    </>
  );
}
