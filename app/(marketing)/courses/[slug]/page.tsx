import { ReportLink } from "@/components/safety/report-link";
import { notFound } from "next/navigation";

import { CourseRatingLine } from "@/components/classroom/course-rating-line";
import { ReviewList } from "@/components/classroom/review-list";
import { gradeRangeLabel } from "@/components/courses/course-card";
import { LocalWeeklyTimes } from "@/components/scheduling/local-weekly-times";
import { IntentLink } from "@/components/ui/intent-link";
import { JsonLd } from "@/components/ui/json-ld";
import { CATEGORY_LABELS } from "@/lib/platform/constants";
import { courseRating, listPublicReviews } from "@/lib/classroom/reviews";
import { refundRuleShort } from "@/lib/commerce/refunds/refund-policy";
import { isBuildCopy } from "@/lib/platform/db/client";
import { pageMetadata } from "@/lib/platform/seo";
import { courseJsonLd } from "@/lib/scheduling/course-json-ld";
import { listPublishedCourseSlugs } from "@/lib/scheduling/course-page";
import { cachedCoursePage } from "@/lib/scheduling/seat-pages";

// Static; a change of its sections or seats expires it at once (lib/scheduling/seat-pages.ts), this is the net.
export const revalidate = 300;

export async function generateStaticParams() {
  // The embedded default's build reads a throwaway copy without the schedules seeded at start: its
  // course pages are rendered at their first visit instead (then cached and revalidated alike).
  if (isBuildCopy()) return [];
  return (await listPublishedCourseSlugs()).map((slug) => ({ slug }));
}

type Props = { params: Promise<{ slug: string }> };

const CLASS_TYPE_LABELS = { one_on_one: "1-on-1 classes", group: "Group classes" } as const;

export async function generateMetadata({ params }: Props) {
  const { slug } = await params;
  const course = await cachedCoursePage(slug);
  if (!course) return {};
  return pageMetadata({
    title: course.title,
    description: `${course.description} Live online classes for ${gradeRangeLabel(course).toLowerCase()}. Book a free demo class.`,
    path: `/courses/${course.slug}`,
  });
}

export default async function CoursePage({ params }: Props) {
  const { slug } = await params;
  const course = await cachedCoursePage(slug);
  if (!course) notFound();
  const [rating, reviews] = await Promise.all([courseRating(course.id), listPublicReviews({ courseId: course.id })]);
  const demoLink = (
    <IntentLink
      // The booking form reads ?course= after hydration and chooses this course (the page stays static).
      href={`/book-free-demo?course=${course.id}`}
      className="inline-flex w-fit rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
      aria-label={`Book a free demo of ${course.title}`}
    >
      Book a free demo
    </IntentLink>
  );
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <p className="text-sm">
        <IntentLink
          href={`/courses/category/${course.category}`}
          className="font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {CATEGORY_LABELS[course.category]} courses
        </IntentLink>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold text-slate-900 sm:text-4xl">{course.title}</h1>
      <p className="mt-1">
        <ReportLink subjectType="course" subjectId={course.slug} label="Report a concern about this class" />
      </p>
      <p className="mt-2 text-sm font-semibold uppercase tracking-wide text-brand-700">
        {gradeRangeLabel(course)}
        {course.classTypes.length > 0 ? ` · ${course.classTypes.map((type) => CLASS_TYPE_LABELS[type]).join(" · ")}` : ""}
      </p>
      <CourseRatingLine rating={rating} />
      <p className="mt-4 max-w-2xl text-lg text-slate-700">{course.description}</p>
      <div className="mt-6">{demoLink}</div>

      {course.teachers.length > 0 && (
        <section aria-labelledby="teachers" className="mt-10">
          <h2 id="teachers" className="text-2xl font-bold text-slate-900">
            {course.teachers.length === 1 ? "Your teacher" : "Teachers"}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {course.teachers.map((teacher) => (
              <li key={teacher.slug} className="rounded-2xl border border-slate-200 bg-white p-5">
                <h3 className="font-bold text-slate-900">
                  <IntentLink href={`/teachers/${teacher.slug}`} className="text-brand-700 underline underline-offset-4">
                    {teacher.name}
                  </IntentLink>
                </h3>
                {teacher.bio && <p className="mt-1 text-sm text-slate-700">{teacher.bio}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="classes" className="mt-10">
        <h2 id="classes" className="text-2xl font-bold text-slate-900">
          Upcoming classes
        </h2>
        {course.sections.length === 0 ? (
          <p className="mt-4 max-w-2xl text-slate-700">
            No classes are scheduled for this course yet. Book a free demo and we will find a teacher and a time that suit your child.
          </p>
        ) : (
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {course.sections.map((section) => (
              <li key={section.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
                  {CLASS_TYPE_LABELS[section.classType]} · {section.durationMinutes} minutes
                </p>
                <h3 className="mt-2 font-bold text-slate-900">With {section.teacherName}</h3>
                <p className="mt-2 text-sm text-slate-800">
                  <LocalWeeklyTimes instants={section.weekInstants} serverLabel={section.weeklyTimes} />
                </p>
                <p className="mt-1 text-sm text-slate-700">{section.facts}</p>
                <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
                  <div className="flex gap-1">
                    <dt className="text-slate-700">Price</dt>
                    <dd className="font-semibold text-slate-900">{section.price}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt className="text-slate-700">Seats left</dt>
                    <dd className="font-semibold text-slate-900">{section.seatsLeft}</dd>
                  </div>
                </dl>
                {/* A plain link keeps this page static: the cart reads the session, chooses the child and counts seats again. */}
                {section.seatsLeft > 0 ? (
                  <IntentLink
                    href={`/cart?add=${section.id}`}
                    className="mt-4 self-start rounded-xl bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
                    aria-label={`Enrol in ${CLASS_TYPE_LABELS[section.classType].toLowerCase()} with ${section.teacherName}, ${section.price}`}
                  >
                    Enrol
                  </IntentLink>
                ) : (
                  <div className="mt-4">
                    <p className="text-sm font-semibold text-slate-700">
                      This class is full.
                      {section.inLine > 0 ? ` ${section.inLine} ${section.inLine === 1 ? "child is" : "children are"} in line.` : ""}
                    </p>
                    {/* A plain link too: /waitlist reads the session, chooses the child and shows the place in line. */}
                    <IntentLink
                      href={`/waitlist?section=${section.id}`}
                      className="mt-2 inline-block rounded-xl border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
                      aria-label={`Join the waitlist for ${CLASS_TYPE_LABELS[section.classType].toLowerCase()} with ${section.teacherName}`}
                    >
                      Join the waitlist
                    </IntentLink>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {course.sections.length > 0 ? (
          <p className="mt-4 text-sm text-slate-700">
            The price is for every session of the class. {refundRuleShort()}{" "}
            <IntentLink href="/terms-of-service#refunds" className="font-semibold text-brand-700 underline underline-offset-4">
              Refund policy
            </IntentLink>
          </p>
        ) : null}
        <div className="mt-6">{demoLink}</div>
      </section>
      {reviews.length > 0 ? (
        <section aria-labelledby="reviews" className="mt-10">
          <h2 id="reviews" className="text-2xl font-bold text-slate-900">
            What parents say
          </h2>
          <ReviewList reviews={reviews} />
        </section>
      ) : null}
      <JsonLd data={courseJsonLd(course, rating)} />
    </div>
  );
}
