import { redirect } from "next/navigation";

import { LearnerHomeworkList } from "@/components/homework/homework-details";
import { ProgressReportCard } from "@/components/homework/progress-report";
import { HomeworkDueList } from "@/components/learner/homework-due-list";
import { LearnerClassCard } from "@/components/learner/learner-class-card";
import { LearnerSlot } from "@/components/learner/learner-slots";
import { homeworkDueThisWeek } from "@/lib/homework/due";
import { learnerProgress } from "@/lib/homework/progress";
import { learnerHomework } from "@/lib/homework/views";
import { listLearnerWeek } from "@/lib/learner-access/classes";
import { currentLearner } from "@/lib/learner-access/session";
import { FALLBACK_TIMEZONE } from "@/lib/platform/constants";
import { getDb } from "@/lib/platform/db/client";
import { zonedFormat, zoneLabel } from "@/lib/scheduling/zone-name";

export const metadata = { title: "My classes" };

/**
 * The child's own space: today's classes with a big Join, the rest of the week, the homework due
 * (late, today, this week), and a way to write to each teacher. Times are on the family's clock (the parent's zone), named once at the top.
 */
export default async function LearnPage() {
  const learner = await currentLearner();
  if (!learner) redirect("/kids");
  const zone = learner.timezone ?? FALLBACK_TIMEZONE;
  const db = await getDb();
  const [classes, homework, reports] = await Promise.all([
    listLearnerWeek(learner),
    learnerHomework(db, learner.learnerId),
    learnerProgress(db, learner.learnerId),
  ]);
  const today = classes.filter((item) => item.isToday);
  const later = classes.filter((item) => !item.isToday);
  const due = homeworkDueThisWeek(homework, zone);
  const time = zonedFormat(zone, { hour: "numeric", minute: "2-digit" });
  const dayAndTime = zonedFormat(zone, { weekday: "long", hour: "numeric", minute: "2-digit" });
  return (
    <>
      <h1 className="text-3xl font-extrabold text-slate-900">Hi {learner.firstName}!</h1>
      <p className="mt-2 text-slate-800">Times are {zoneLabel(zone)}.</p>

      <section aria-labelledby="learn-today" className="mt-8">
        <h2 id="learn-today" className="text-2xl font-bold text-slate-900">
          Today
        </h2>
        {today.length === 0 ? (
          <p className="mt-3 text-slate-800">No class today.</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {today.map((item) => (
              <LearnerClassCard key={item.key} item={item} when={`Today at ${time.format(new Date(item.startsAt))}`} showJoin />
            ))}
          </ul>
        )}
        <HomeworkDueList due={due.filter((d) => d.when !== "week")} timezone={zone} label="Homework for today" />
      </section>

      <section aria-labelledby="learn-week" className="mt-10">
        <h2 id="learn-week" className="text-2xl font-bold text-slate-900">
          This week
        </h2>
        {later.length === 0 ? (
          <p className="mt-3 text-slate-800">No more classes this week.</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {later.map((item) => (
              <LearnerClassCard key={item.key} item={item} when={dayAndTime.format(new Date(item.startsAt))} showJoin={false} />
            ))}
          </ul>
        )}
        <HomeworkDueList due={due.filter((d) => d.when === "week")} timezone={zone} label="Homework for this week" />
      </section>

      <LearnerSlot id="homework" title="Homework">
        {homework.length > 0 ? (
          <LearnerHomeworkList items={homework} timezone={zone} hrefOf={(item) => `/learn/homework/${item.taskId}`} />
        ) : null}
      </LearnerSlot>
      <LearnerSlot id="progress" title="How I am doing">
        {reports.length > 0 ? (
          <div className="space-y-4">
            {reports.map((report) => (
              <ProgressReportCard key={report.id} report={report} childName={learner.firstName} />
            ))}
          </div>
        ) : null}
      </LearnerSlot>
    </>
  );
}
