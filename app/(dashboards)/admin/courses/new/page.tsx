import Link from "next/link";

import { AdminNav } from "@/components/dashboards/admin-nav";
import { CourseForm } from "@/components/dashboards/course-form";
import { requirePagePermission } from "@/lib/platform/auth/session";

import { createCourseAction } from "../actions";

export const metadata = { title: "New course" };

const PATH = "/admin/courses/new";

export default async function NewCoursePage() {
  await requirePagePermission("courses.manage", PATH);
  return (
    <>
      <AdminNav current={PATH} />
      <p className="text-sm">
        <Link href="/admin/courses" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          Course catalogue
        </Link>
      </p>
      <h1 className="mt-2 mb-6 text-3xl font-extrabold text-slate-900">New course</h1>
      <CourseForm
        action={createCourseAction}
        submitLabel="Create course"
        afterSave="/admin/courses"
        defaultValues={{
          slug: "",
          title: "",
          category: "technical",
          description: "",
          gradeMin: "1",
          gradeMax: "12",
          isFeatured: false,
          isPublished: true,
        }}
      />
    </>
  );
}
