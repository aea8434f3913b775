import Link from "next/link";

import { AttendanceRates } from "@/components/classroom/attendance-rates";
import { TeacherReliability } from "@/components/classroom/teacher-reliability";
import { AdminNav } from "@/components/dashboards/admin-nav";
import { ConversionBars } from "@/components/dashboards/conversion-bars";
import { DayBarChart } from "@/components/dashboards/day-bar-chart";
import { DemoConversionTable } from "@/components/dashboards/demo-conversion-table";
import { RevenueByCourse } from "@/components/dashboards/revenue-by-course";
import { ShareMeter } from "@/components/dashboards/share-meter";
import { ReplyTimesTable } from "@/components/messages/reply-times-table";
import { REPLY_TIME_DAYS, teacherReplyTimes } from "@/lib/messages/reply-times";
import { attendanceRates } from "@/lib/classroom/attendance";
import { teacherReliability } from "@/lib/classroom/reliability";
import { CURRENCY, formatMoney, formatMoneyCompact, minorToMajor } from "@/lib/commerce/wallet/money";
import { getRevenue, REVENUE_DAYS } from "@/lib/commerce/admin/revenue";
import { getLastMoneyAudit } from "@/lib/commerce/seats/audit";
import { timezoneOfUser } from "@/lib/accounts/user-directory";
import { MoneyAuditPanel } from "@/components/dashboards/money-audit-panel";
import { ROLES } from "@/lib/platform/auth/roles";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { FIGURES_DAYS, getAdminFigures } from "@/lib/dashboards/lead-figures";
import { DEMO_CONVERSION_DAYS, ENROL_WITHIN_DAYS, getDemoConversion } from "@/lib/dashboards/demo-conversion";
import { ExpiringChecks } from "@/components/teaching/expiring-checks";
import { listExpiringChecks } from "@/lib/teachers/vetting/expiry";

export const metadata = { title: "Admin dashboard" };

const PATH = "/admin/dashboard";

export default async function AdminDashboardPage() {
  const actor = await requirePagePermission("figures.read", PATH);
  const now = new Date();
  // One clock (issue 41): the per-day charts count the admin's days, as every time on the page.
  const zone = await timezoneOfUser(actor.id);
  const [figures, revenue, demos, replyTimes, moneyAudit, expiring] = await Promise.all([
    getAdminFigures(actor, now, zone),
    getRevenue(actor, now, zone),
    getDemoConversion(actor),
    teacherReplyTimes(actor),
    getLastMoneyAudit(actor),
    listExpiringChecks(actor, now),
  ]);
  const { judged, contactedInTime } = figures.promise;
  const inTimeShare = judged === 0 ? "—" : `${Math.round((contactedInTime / judged) * 100)}%`;
  const lastDays = figures.requestsPerDay.reduce((sum, d) => sum + d.requests, 0);
  const cards = [
    { label: `Demo requests, last ${FIGURES_DAYS} days`, value: lastDays.toLocaleString("en-US") },
    {
      label: "Contacted within 24 hours",
      value: inTimeShare,
      note: `${contactedInTime} of ${judged} requests old enough to judge`,
      meter: <ShareMeter part={contactedInTime} whole={judged} label={`${inTimeShare} contacted within 24 hours`} />,
    },
    { label: "New and over 24 hours old", value: figures.overdue.toLocaleString("en-US"), href: "/support/dashboard?status=overdue" },
    { label: "Published courses", value: String(figures.publishedCourses), href: "/admin/courses" },
  ];
  return (
    <>
      <h1 className="text-3xl font-extrabold text-slate-900">Admin dashboard</h1>
      <AdminNav current={PATH} />
      <dl className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((card) => (
          <div key={card.label} className="rounded-2xl border border-slate-200 p-5">
            <dt className="text-sm text-slate-700">{card.label}</dt>
            <dd className="mt-1 text-3xl font-extrabold text-slate-900">
              {card.href ? (
                <Link href={card.href} className="underline decoration-slate-300 underline-offset-4 hover:decoration-brand-600">
                  {card.value}
                </Link>
              ) : (
                card.value
              )}
            </dd>
            {"meter" in card ? <dd>{card.meter}</dd> : null}
            {card.note ? <dd className="mt-1 text-xs text-slate-600">{card.note}</dd> : null}
          </div>
        ))}
      </dl>
      <section aria-labelledby="teacher-checks" className="mt-10 rounded-2xl border border-slate-200 p-5">
        <h2 id="teacher-checks" className="mb-3 text-xl font-bold text-slate-900">
          Teacher checks expiring
        </h2>
        <ExpiringChecks checks={expiring} now={now} zone={zone} />
      </section>
      <section aria-labelledby="per-day" className="mt-10 rounded-2xl border border-slate-200 p-5">
        <h2 id="per-day" className="text-xl font-bold text-slate-900">
          Requests per day
        </h2>
        <DayBarChart
          data={figures.requestsPerDay.map((d) => ({ day: d.day, value: d.requests }))}
          title={`Demo requests per day, last ${FIGURES_DAYS} days`}
          zone={zone}
        />
      </section>
      <section aria-labelledby="money-audit" className="mt-10 rounded-2xl border border-slate-200 p-5">
        <h2 id="money-audit" className="text-xl font-bold text-slate-900">
          Money audit
        </h2>
        <MoneyAuditPanel audit={moneyAudit} zone={zone} />
      </section>
      <section aria-labelledby="revenue" className="mt-10 rounded-2xl border border-slate-200 p-5">
        <h2 id="revenue" className="text-xl font-bold text-slate-900">
          Revenue ({CURRENCY}): {formatMoney(revenue.totalNetMinor)} in the last {REVENUE_DAYS} days
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Seats of paid orders, by the day they were paid, minus refunds, by the day they were made.
        </p>
        <DayBarChart
          id="revenue-per-day"
          data={revenue.perDay.map((d) => ({ day: d.day, value: minorToMajor(d.netMinor) }))}
          title={`Revenue per day, last ${REVENUE_DAYS} days`}
          noun="revenue"
          formatValue={formatMoneyCompact}
          zone={zone}
        />
        <h3 className="mt-6 mb-2 text-lg font-bold text-slate-900">Per course</h3>
        <RevenueByCourse
          rows={revenue.byCourse}
          others={revenue.otherCourses}
          format={formatMoney}
          caption={`Revenue per course, last ${REVENUE_DAYS} days`}
        />
      </section>
      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="by-course" className="rounded-2xl border border-slate-200 p-5">
          <h2 id="by-course" className="mb-3 text-xl font-bold text-slate-900">
            Conversion by course
          </h2>
          <ConversionBars
            id="course-chart"
            rows={figures.byCourse.top}
            rest={figures.byCourse.rest}
            restLabel="other courses"
            caption={`Conversion by course, last ${FIGURES_DAYS} days (spam left out)`}
            groupLabel="Course"
          />
        </section>
        <section aria-labelledby="by-grade" className="rounded-2xl border border-slate-200 p-5">
          <h2 id="by-grade" className="mb-3 text-xl font-bold text-slate-900">
            Conversion by grade
          </h2>
          <ConversionBars
            id="grade-chart"
            rows={figures.byGrade}
            caption={`Conversion by grade, last ${FIGURES_DAYS} days (spam left out)`}
            groupLabel="Grade"
          />
        </section>
      </div>
      <section aria-labelledby="demo-funnel" className="mt-10 rounded-2xl border border-slate-200 p-5">
        <h2 id="demo-funnel" className="text-xl font-bold text-slate-900">
          Free demos: booked → attended → enrolled
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Demos of the last {DEMO_CONVERSION_DAYS} days that have taken place (not cancelled). Attended: marked so by the teacher. Enrolled:
          the child or the family&apos;s account got a paid seat in the same course within {ENROL_WITHIN_DAYS} days of the demo. Shares are
          of demos booked.
        </p>
        {/* min-w-0: a grid item would otherwise grow to its table's width and push a phone's page sideways. */}
        <div className="mt-4 grid gap-8 lg:grid-cols-2">
          <div className="min-w-0">
            <h3 className="mb-2 text-lg font-bold text-slate-900">Per course</h3>
            <DemoConversionTable rows={demos.byCourse} groupLabel="Course" caption="Demo conversion per course" />
          </div>
          <div className="min-w-0">
            <h3 className="mb-2 text-lg font-bold text-slate-900">Per teacher</h3>
            <DemoConversionTable rows={demos.byTeacher} groupLabel="Teacher" caption="Demo conversion per teacher" />
          </div>
        </div>
      </section>
      <section aria-labelledby="accounts" className="mt-10">
        <h2 id="accounts" className="text-xl font-bold text-slate-900">
          Accounts by role
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-4">
          {ROLES.map((role) => (
            <li key={role} className="rounded-xl bg-slate-50 p-4">
              <span className="block text-sm capitalize text-slate-700">{role}</span>
              <span className="block text-2xl font-bold text-slate-900">{figures.usersByRole[role] ?? 0}</span>
            </li>
          ))}
        </ul>
      </section>
      <AttendanceRates {...await attendanceRates(actor)} />
      <TeacherReliability {...await teacherReliability(actor, now)} zone={zone} />
      <ReplyTimesTable rows={replyTimes} days={REPLY_TIME_DAYS} />
    </>
  );
}
