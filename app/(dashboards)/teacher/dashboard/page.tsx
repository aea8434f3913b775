import Link from "next/link";

import { TeacherClassroom } from "@/components/classroom/teacher-classroom";
import { CourseDemand } from "@/components/dashboards/course-demand";
import { TeacherNav } from "@/components/dashboards/teacher-nav";
import { TeacherPrivacyNote } from "@/components/dashboards/teacher-privacy-note";
import { TeacherRequestTable } from "@/components/dashboards/teacher-request-table";
import { DemoOutcomeList } from "@/components/dashboards/demo-outcome-list";
import { AgendaList } from "@/components/scheduling/agenda-list";
import { ThreadList } from "@/components/messages/thread-list";
import { listThreads } from "@/lib/messages/threads";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { AGENDA_MAX_WEEKS, agendaWeek, listTeacherAgenda } from "@/lib/teachers/agenda";
import { formatDate, formatInstantInZone } from "@/lib/scheduling/time";
import { teacherTimezone } from "@/lib/scheduling/teacher-zone";
import { listTeacherCourses, listTeacherRequests, RECENT_DAYS } from "@/lib/teachers/courses";
import { zoneLabel } from "@/lib/scheduling/zone-name";
import { listDemosNeedingOutcome, OUTCOME_DAYS } from "@/lib/scheduling/demo-outcomes";

import { TeacherNextSteps } from "@/components/teaching/teacher-next-steps";
import { findPayoutAccount, isConnectAvailable } from "@/lib/commerce/earnings/connect";
import { listSectionsFor } from "@/lib/scheduling/section-admin";

import { CalendarFeedLinks } from "@/components/learner/calendar-feed-links";
import { listFeeds } from "@/lib/learner-access/feeds";

import { recordDemoOutcomeAction } from "./actions";
import { renewTeacherFeedAction } from "./calendar-feed-action";

export const metadata = { title: "Teacher dashboard" };

const LATEST_COUNT = 10;
const MESSAGE_COUNT = 10;

const PATH = "/teacher/dashboard";

/** ?week=N (0 this week, up to AGENDA_MAX_WEEKS ahead); anything else is this week. */
function parseWeek(value: string | string[] | undefined): number {
  const text = Array.isArray(value) ? value[0] : value;
  const week = text !== undefined && /^\d{1,2}$/.test(text) ? Number(text) : 0;
  return Math.min(week, AGENDA_MAX_WEEKS);
}

/** Issue 4: a teacher's own courses and the demo requests for them (an admin sees every course); Upcoming is paged by week. */
export default async function TeacherDashboardPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requirePagePermission("teaching.read", PATH);
  const timezone = await teacherTimezone(actor.id);
  const week = agendaWeek(timezone, parseWeek((await searchParams).week));
  const [courses, latest, agenda, threads] = await Promise.all([
    listTeacherCourses(actor),
    listTeacherRequests(actor, { pageSize: LATEST_COUNT }),
    listTeacherAgenda(actor, week.from, week.until),
    listThreads(actor, { limit: MESSAGE_COUNT }),
  ]);
  const needingOutcome = await listDemosNeedingOutcome(actor, timezone);
  const isAdmin = actor.role === "admin";
  const [ownSections, payoutAccount] = isAdmin ? [[], null] : await Promise.all([listSectionsFor(actor), findPayoutAccount(actor.id)]);
  const onSaleOrReview = ownSections.filter((s) => s.status === "open" || s.status === "full");
  const cards = [
    { label: isAdmin ? "Courses" : "Your courses", value: courses.length },
    { label: "Demo requests", value: courses.reduce((sum, course) => sum + course.requests, 0) },
    { label: `Open, last ${RECENT_DAYS} days`, value: courses.reduce((sum, course) => sum + course.openRecent, 0) },
  ];
  return (
    <>
      <h1 className="text-3xl font-extrabold text-slate-900">Teacher dashboard</h1>
      <p className="mt-2 text-slate-700">
        {isAdmin
          ? "Every course and the demo requests families have sent for it."
          : "Your courses and the demo requests families have sent for them."}
      </p>
      <TeacherPrivacyNote />
      {isAdmin ? null : (
        <TeacherNextSteps
          teachesCourses={courses.length > 0}
          hasSectionOnSale={onSaleOrReview.some((s) => !s.inReview && !s.checkExpired)}
          inReview={onSaleOrReview.some((s) => s.inReview)}
          checkExpired={onSaleOrReview.some((s) => s.checkExpired)}
          payoutsNeeded={isConnectAvailable() && payoutAccount?.payoutsEnabled !== true}
        />
      )}
      <div className="mt-6">
        <TeacherNav current="/teacher/dashboard" isAdmin={isAdmin} />
      </div>
      {isAdmin ? null : <TeacherClassroom teacherId={actor.id} timezone={timezone} />}
      <section aria-labelledby="messages" className="mb-8">
        <h2 id="messages" className="mb-1 text-xl font-bold text-slate-900">
          Messages
        </h2>
        <p className="mb-3 text-sm text-slate-700">
          {isAdmin ? "The latest conversations between families and teachers." : "Families' questions about your classes and demos."} Open
          one to read and answer it;{" "}
          <Link href="/share-a-message" className="font-semibold text-brand-700 underline underline-offset-4">
            all conversations
          </Link>
          .
        </p>
        <ThreadList
          threads={threads}
          formatTime={(instant) => formatInstantInZone(instant, timezone)}
          showFamily
          emptyText="No messages yet. Families write to you from their enrolments and demos."
        />
      </section>
      {isAdmin ? null : <TeacherCalendarFeed teacherId={actor.id} />}
      {needingOutcome.length > 0 ? (
        <section aria-labelledby="needs-outcome" className="mb-8">
          <h2 id="needs-outcome" className="mb-1 text-xl font-bold text-slate-900">
            Needs an outcome
          </h2>
          <p className="mb-3 text-sm text-slate-700">
            {isAdmin ? "Free demos" : "Your free demos"} of the last {OUTCOME_DAYS} days: mark each attended or no-show. The family gets
            your note by email, with a one-click enrol in the section you recommend.
          </p>
          <DemoOutcomeList demos={needingOutcome} timezone={timezone} action={recordDemoOutcomeAction} />
        </section>
      ) : null}
      <section aria-labelledby="upcoming">
        <h2 id="upcoming" className="mb-1 text-xl font-bold text-slate-900">
          Upcoming
        </h2>
        <p className="mb-3 text-sm text-slate-700">
          {isAdmin ? "Every teacher's classes and free demos" : "Your classes and free demos"}{" "}
          {week.week === 0 ? "for the rest of this week" : "in the week"} of {formatDate(week.firstDay)} to {formatDate(week.lastDay)}, in{" "}
          {zoneLabel(timezone)}.
        </p>
        <AgendaList
          items={agenda}
          timezone={timezone}
          empty={week.week === 0 ? "Nothing else this week." : "Nothing booked or scheduled this week."}
        />
        <nav aria-label="Weeks" className="mt-3 flex gap-4">
          {week.week > 0 ? (
            <Link
              href={week.week === 1 ? PATH : `${PATH}?week=${week.week - 1}`}
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              ← Earlier week
            </Link>
          ) : null}
          {week.week < AGENDA_MAX_WEEKS ? (
            <Link href={`${PATH}?week=${week.week + 1}`} className="font-semibold text-brand-700 underline underline-offset-2">
              Next week →
            </Link>
          ) : null}
        </nav>
      </section>
      <dl className="mt-8 grid gap-4 sm:grid-cols-3">
        {cards.map((card) => (
          <div key={card.label} className="rounded-2xl border border-slate-200 p-5">
            <dt className="text-sm text-slate-700">{card.label}</dt>
            <dd className="mt-1 text-3xl font-extrabold text-slate-900">{card.value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="courses" className="mt-10">
        <h2 id="courses" className="mb-3 text-xl font-bold text-slate-900">
          {isAdmin ? "Courses" : "Your courses"}
        </h2>
        <CourseDemand courses={courses} caption="Courses with their demo requests" />
      </section>
      <section aria-labelledby="latest" className="mt-10">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="latest" className="text-xl font-bold text-slate-900">
            Latest demo requests
          </h2>
          {latest.total > LATEST_COUNT ? (
            <Link href="/teacher/courses" className="font-semibold text-brand-700 underline underline-offset-2">
              All {latest.total} requests
            </Link>
          ) : null}
        </div>
        <TeacherRequestTable rows={latest.rows} caption="Latest demo requests for your courses, newest first" zone={timezone} />
      </section>
    </>
  );
}

/** The teacher's private calendar link: their sections (moved and cancelled sessions as such) and demos. */
async function TeacherCalendarFeed({ teacherId }: { teacherId: number }) {
  const feeds = await listFeeds(teacherId);
  return (
    <section aria-labelledby="calendar-feed" className="mb-8">
      <h2 id="calendar-feed" className="mb-1 text-xl font-bold text-slate-900">
        Your calendar
      </h2>
      <p className="mb-3 text-sm text-slate-700">A private link your calendar app subscribes to: every class and demo, kept up to date.</p>
      <CalendarFeedLinks
        choices={[
          { key: "teacher", label: "your classes", exists: feeds.some((feed) => feed.scope === "teacher"), renew: renewTeacherFeedAction },
        ]}
      />
    </section>
  );
}
