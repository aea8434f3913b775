import Link from "next/link";
import { notFound } from "next/navigation";

import { AdminNav } from "@/components/dashboards/admin-nav";
import { CourseForm } from "@/components/dashboards/course-form";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { getCourseForEdit } from "@/lib/courses/admin";
import { courseIdSchema } from "@/lib/courses/schema";

import { updateCourseAction } from "../actions";

export const metadata = { title: "Edit course" };

export default async function EditCoursePage({ params }: { params: Promise<{ id: string }> }) {
  const { id: rawId } = await params;
  const actor = await requirePagePermission("courses.manage", `/admin/courses/${encodeURIComponent(rawId)}`);
  const id = courseIdSchema.safeParse(rawId);
  const course = id.success ? await getCourseForEdit(actor, id.data) : null;
  if (!course) notFound();
  const { id: courseId, gradeMin, gradeMax, ...fields } = course;
  return (
    <>
      <AdminNav current="/admin/courses" />
      <p className="text-sm">
        <Link href="/admin/courses" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          Course catalogue
        </Link>
      </p>
      <h1 className="mt-2 mb-6 text-3xl font-extrabold text-slate-900">Edit {course.title}</h1>
      <CourseForm
        action={updateCourseAction.bind(null, courseId)}
        submitLabel="Save course"
        defaultValues={{
          ...fields,
          gradeMin: String(gradeMin),
          gradeMax: String(gradeMax),
        }}
      />
    </>
  );
}
