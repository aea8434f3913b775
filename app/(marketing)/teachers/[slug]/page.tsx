import { ReportLink } from "@/components/safety/report-link";
import { notFound } from "next/navigation";

import { ReviewList } from "@/components/classroom/review-list";
import { CourseRatingLine } from "@/components/classroom/course-rating-line";
import { LocalWeeklyTimes } from "@/components/scheduling/local-weekly-times";
import { SectionOffer } from "@/components/discovery/section-offer";
import { IntentLink } from "@/components/ui/intent-link";
import { JsonLd } from "@/components/ui/json-ld";
import { CLASS_TYPE_LABELS } from "@/lib/discovery/filters";
import { teacherJsonLd } from "@/lib/discovery/teacher-json-ld";
import { cachedTeacherPage } from "@/lib/discovery/teacher-page";
import { pageMetadata } from "@/lib/platform/seo";
import { zoneLabel } from "@/lib/scheduling/zone-name";

// Static once visited; a change of sections or seats expires it (SEAT_PAGES_TAG), a moderated review revalidates it.
export const revalidate = 300;

export function generateStaticParams() {
  return [];
}

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props) {
  const { slug } = await params;
  const teacher = await cachedTeacherPage(slug);
  if (!teacher) return {};
  return pageMetadata({
    title: `${teacher.name}, live online teacher`,
    description: teacher.bio || `${teacher.name} teaches live online classes for kids.`,
    path: `/teachers/${teacher.slug}`,
  });
}

/** Issue 29: an approved teacher's public page; anyone else's slug is a 404. */
export default async function TeacherPage({ params }: Props) {
  const { slug } = await params;
  const teacher = await cachedTeacherPage(slug);
  if (!teacher) notFound();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <p className="text-sm">
        <IntentLink href="/courses" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          All courses
        </IntentLink>
      </p>
      <div className="mt-2 flex items-start gap-5">
        {teacher.photoUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- a teacher's photo on any https host; the page stays static
          <img src={teacher.photoUrl} alt="" width={96} height={96} className="h-24 w-24 rounded-full object-cover" />
        ) : null}
        <div>
          <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{teacher.name}</h1>
          <p className="mt-1 text-sm text-slate-700">Teaches from {zoneLabel(teacher.timezone)}</p>
          <CourseRatingLine rating={teacher.rating} />
        </div>
      </div>
      {teacher.bio ? <p className="mt-4 max-w-2xl text-lg text-slate-700">{teacher.bio}</p> : null}
      <p className="mt-3">
        <ReportLink subjectType="teacher" subjectId={teacher.userId} label="Report a concern about this teacher" />
      </p>
      {teacher.subjects.length > 0 ? (
        <section aria-labelledby="subjects" className="mt-6">
          <h2 id="subjects" className="text-lg font-bold text-slate-900">
            Subjects
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {teacher.subjects.map((subject) => (
              <li key={subject} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
                {subject}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="classes" className="mt-10">
        <h2 id="classes" className="text-2xl font-bold text-slate-900">
          Upcoming classes
        </h2>
        {teacher.sections.length === 0 ? (
          <p className="mt-3 text-slate-700">No classes are open right now.</p>
        ) : (
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {teacher.sections.map((section) => (
              <li key={section.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
                  {CLASS_TYPE_LABELS[section.classType]} · {section.durationMinutes} minutes
                </p>
                <h3 className="mt-2 font-bold text-slate-900">
                  <IntentLink href={`/courses/${section.courseSlug}`} className="underline-offset-4 hover:underline">
                    {section.courseTitle}
                  </IntentLink>
                </h3>
                <p className="mt-2 text-sm text-slate-800">
                  <LocalWeeklyTimes instants={section.weekInstants} serverLabel={section.weeklyTimes} />
                </p>
                <SectionOffer
                  section={section}
                  courseTitle={section.courseTitle}
                  teacherName={teacher.name}
                  buttonClassName="mt-4 self-start"
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="reviews" className="mt-10">
        <h2 id="reviews" className="text-2xl font-bold text-slate-900">
          What parents say
        </h2>
        <ReviewList reviews={teacher.reviews} showCourse />
      </section>
      <JsonLd data={teacherJsonLd(teacher)} />
    </div>
  );
}
