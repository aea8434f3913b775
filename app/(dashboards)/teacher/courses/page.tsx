import Link from "next/link";
import { notFound } from "next/navigation";

import { timezoneOfUser } from "@/lib/accounts/user-directory";
import { CourseDemand } from "@/components/dashboards/course-demand";
import { TeacherPagination } from "@/components/dashboards/teacher-pagination";
import { TeacherPrivacyNote } from "@/components/dashboards/teacher-privacy-note";
import { TeacherRequestTable } from "@/components/dashboards/teacher-request-table";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { CatalogueChoices } from "@/components/teaching/catalogue-choices";
import { findTeacherCourse, listTeacherCourses, listTeacherRequests, parsePage } from "@/lib/teachers/courses";
import { listCoursesToTeach } from "@/lib/teachers/course-teaching";

import { CourseProposalForm } from "@/components/teaching/course-proposal-form";
import { ProposalList } from "@/components/teaching/proposal-list";
import { listOwnProposals } from "@/lib/teachers/course-proposals";

import { proposeCourseAction, teachCourseAction } from "./actions";

export const metadata = { title: "Teacher courses" };

const PATH = "/teacher/courses";

type SearchParams = Record<string, string | string[] | undefined>;

/** Guarded (SPEC 4); the courses in the actor's scope, or one of them (?course=ID) with its demo requests. */
export default async function TeacherCoursesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const actor = await requirePagePermission("teaching.read", PATH);
  const zone = await timezoneOfUser(actor.id);
  const params = await searchParams;
  const page = parsePage(params.page);
  const courseParam = Array.isArray(params.course) ? params.course[0] : params.course;

  if (courseParam !== undefined) {
    // Someone else's course answers as if it did not exist.
    const course = /^\d{1,9}$/.test(courseParam) ? await findTeacherCourse(actor, Number(courseParam)) : null;
    if (!course) notFound();
    const requests = await listTeacherRequests(actor, { courseId: course.id, page });
    return (
      <>
        <Link href={PATH} className="text-sm font-semibold text-brand-700 underline underline-offset-2">
          ← All courses
        </Link>
        <h1 className="mt-3 text-3xl font-extrabold text-slate-900">{course.title}</h1>
        <p className="mt-2 text-slate-700">
          {requests.total} demo request{requests.total === 1 ? "" : "s"} for this course, newest first.
        </p>
        <TeacherPrivacyNote />
        <div className="mt-8">
          <TeacherRequestTable
            rows={requests.rows}
            caption={`Demo requests for ${course.title}, newest first`}
            showCourse={false}
            zone={zone}
          />
          <TeacherPagination path={PATH} query={{ course: String(course.id) }} page={page} hasNextPage={requests.hasNextPage} />
        </div>
      </>
    );
  }

  const isTeacher = actor.role === "teacher";
  const [courses, requests, choices, proposals] = await Promise.all([
    listTeacherCourses(actor),
    listTeacherRequests(actor, { page }),
    isTeacher ? listCoursesToTeach(actor) : Promise.resolve(null),
    isTeacher ? listOwnProposals(actor) : Promise.resolve([]),
  ]);
  return (
    <>
      <h1 className="text-3xl font-extrabold text-slate-900">{actor.role === "admin" ? "Courses" : "Your courses"}</h1>
      <p className="mt-2 text-slate-700">Choose a course to see only its demo requests.</p>
      <TeacherPrivacyNote />
      <div className="mt-8">
        <CourseDemand courses={courses} caption="Courses with their demo requests" />
      </div>
      {choices ? (
        <section aria-labelledby="catalogue" className="mt-10">
          <h2 id="catalogue" className="mb-1 text-xl font-bold text-slate-900">
            Teach a course from the catalogue
          </h2>
          <p className="mb-3 text-slate-700">
            Any number of teachers teach a course, each with their own sections, prices and times; families see every teacher&rsquo;s
            sections on the course page.
          </p>
          <CatalogueChoices courses={choices} teach={teachCourseAction} />
        </section>
      ) : null}
      {isTeacher ? (
        <section aria-labelledby="propose" className="mt-10">
          <h2 id="propose" className="mb-1 text-xl font-bold text-slate-900">
            Propose a new course
          </h2>
          <p className="mb-3 text-slate-700">
            Teach something the catalogue lacks: our team accepts it into the catalogue or returns it with a note.
          </p>
          {proposals.length > 0 ? (
            <div className="mb-4">
              <ProposalList proposals={proposals} />
            </div>
          ) : null}
          <CourseProposalForm propose={proposeCourseAction} />
        </section>
      ) : null}
      <section aria-labelledby="requests" className="mt-10">
        <h2 id="requests" className="mb-3 text-xl font-bold text-slate-900">
          Demo requests ({requests.total})
        </h2>
        <TeacherRequestTable rows={requests.rows} caption="Demo requests for these courses, newest first" zone={zone} />
        <TeacherPagination path={PATH} query={{}} page={page} hasNextPage={requests.hasNextPage} />
      </section>
    </>
  );
}
