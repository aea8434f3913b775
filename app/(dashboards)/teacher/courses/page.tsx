import { CourseDemand } from "@/components/dashboards/course-demand";
import { requireDashboard } from "@/lib/auth/session";
import { listCourseDemand } from "@/lib/dashboards/queries";

export const metadata = { title: "Teacher courses" };

/** Guarded (SPEC 4) and for teachers and admins. */
export default async function TeacherCoursesPage() {
  await requireDashboard("teacher");
  const courses = await listCourseDemand();
  return (
    <>
      <h1 className="text-3xl font-extrabold text-slate-900">Courses</h1>
      <p className="mt-2 text-slate-700">The published catalogue, with the demo requests each course has drawn.</p>
      <div className="mt-8">
        <CourseDemand courses={courses} />
      </div>
    </>
  );
}
