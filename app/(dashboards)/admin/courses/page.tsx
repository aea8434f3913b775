import Link from "next/link";

import { AdminCourseTable } from "@/components/dashboards/admin-course-table";
import { AdminNav } from "@/components/dashboards/admin-nav";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { CATEGORY_LABELS, COURSE_CATEGORIES } from "@/lib/platform/constants";
import { listCoursesForAdmin } from "@/lib/courses/admin";

import { setCoursePublishedAction } from "./actions";

export const metadata = { title: "Course catalogue" };

const PATH = "/admin/courses";

/** Issue 4: every course, published or not, by category; the public pages follow within moments of a change. */
export default async function AdminCoursesPage() {
  const actor = await requirePagePermission("courses.manage", PATH);
  const courses = await listCoursesForAdmin(actor);
  return (
    <>
      <AdminNav current={PATH} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold text-slate-900">Course catalogue</h1>
          <p className="mt-2 max-w-2xl text-slate-700">
            Hidden courses stay here but leave the course pages, the booking forms and the course API.
          </p>
        </div>
        <Link href="/admin/courses/new" className="rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
          New course
        </Link>
      </div>
      {COURSE_CATEGORIES.map((category) => (
        <section key={category} aria-labelledby={`category-${category}`} className="mt-10">
          <h2 id={`category-${category}`} className="mb-3 text-xl font-bold text-slate-900">
            {CATEGORY_LABELS[category]}
          </h2>
          <AdminCourseTable
            courses={courses.filter((course) => course.category === category)}
            caption={`${CATEGORY_LABELS[category]} courses`}
            setPublished={setCoursePublishedAction}
          />
        </section>
      ))}
    </>
  );
}
