import { CourseDemand } from "@/components/dashboards/course-demand";
import { requireDashboard } from "@/lib/auth/session";
import { listCourseDemand } from "@/lib/dashboards/queries";

export const metadata = { title: "Teacher dashboard" };

export default async function TeacherDashboardPage() {
  const user = await requireDashboard("teacher");
  const courses = await listCourseDemand();
  return (
    <>
      <h1 className="text-3xl font-extrabold text-slate-900">Teacher dashboard</h1>
      <p className="mt-2 text-slate-700">Welcome, {user.displayName ?? user.email}. Here is where families are asking for demo classes.</p>
      <section aria-labelledby="demand" className="mt-8">
        <h2 id="demand" className="mb-3 text-xl font-bold text-slate-900">
          Demand by course
        </h2>
        <CourseDemand courses={courses} />
      </section>
    </>
  );
}
