import Link from "next/link";

import { AdminCourseTable } from "@/components/dashboards/admin-course-table";
import { AdminNav } from "@/components/dashboards/admin-nav";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { CATEGORY_LABELS, COURSE_CATEGORIES } from "@/lib/platform/constants";
import { listCoursesForAdmin } from "@/lib/courses/admin";

import { inputClass } from "@/components/forms/form-field";
import { ActionForm } from "@/components/teaching/action-form";
import { ProposalList } from "@/components/teaching/proposal-list";
import { listPendingProposals } from "@/lib/teachers/course-proposals";

import { decideProposalAction, setCoursePublishedAction } from "./actions";

export const metadata = { title: "Course catalogue" };

const PATH = "/admin/courses";

/** Issue 4: every course, published or not, by category; the public pages follow within moments of a change. */
export default async function AdminCoursesPage() {
  const actor = await requirePagePermission("courses.manage", PATH);
  const [courses, proposals] = await Promise.all([listCoursesForAdmin(actor), listPendingProposals(actor)]);
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
      <section aria-labelledby="proposals" className="mt-10">
        <h2 id="proposals" className="mb-3 text-xl font-bold text-slate-900">
          Courses proposed by teachers ({proposals.length})
        </h2>
        {proposals.length === 0 ? (
          <p className="text-slate-700">No proposal is waiting.</p>
        ) : (
          <ProposalList
            proposals={proposals}
            decide={(p) => (
              <div className="mt-3 grid gap-4 sm:grid-cols-2">
                <ActionForm action={decideProposalAction} submitLabel="Accept into the catalogue" label={`Accept ${p.title}`}>
                  <input type="hidden" name="proposalId" value={p.id} />
                  <input type="hidden" name="decision" value="accept" />
                </ActionForm>
                <ActionForm action={decideProposalAction} submitLabel="Return with a note" label={`Return ${p.title}`} tone="secondary">
                  <input type="hidden" name="proposalId" value={p.id} />
                  <input type="hidden" name="decision" value="return" />
                  <label className="block text-sm">
                    <span className="font-semibold text-slate-800">Note to the teacher</span>
                    <textarea name="note" rows={2} maxLength={1000} className={inputClass} />
                  </label>
                </ActionForm>
              </div>
            )}
          />
        )}
      </section>
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
