import { notFound } from "next/navigation";

import { HomeworkTaskView } from "@/components/homework/homework-task-view";
import { familyHomeworkItem } from "@/lib/homework/views";
import { requireUser } from "@/lib/platform/auth/session";
import { getDb } from "@/lib/platform/db/client";
import { zoneLabel } from "@/lib/scheduling/zone-name";
import { FALLBACK_TIMEZONE, findUserTimezone } from "@/lib/teachers/profiles";

import { handInAction } from "../../homework-actions";

export const metadata = { title: "Homework" };

/**
 * One task of one child (?learner=ID), for their parent: what to do and by when (in the family's
 * zone), what was handed in, the teacher's feedback, and the hand-in form until it is marked.
 * Another family's child, or a task of a section the child has no seat in, is not found.
 */
export default async function HomeworkPage({
  params,
  searchParams,
}: {
  params: Promise<{ taskId: string }>;
  searchParams: Promise<{ learner?: string }>;
}) {
  const { taskId } = await params;
  const { learner } = await searchParams;
  const user = await requireUser(`/my-courses/homework/${encodeURIComponent(taskId)}`);
  if (!/^\d{1,9}$/.test(taskId) || typeof learner !== "string" || !/^\d{1,9}$/.test(learner)) notFound();
  const db = await getDb();
  const [item, storedZone] = await Promise.all([
    familyHomeworkItem(db, user.databaseId, Number(learner), Number(taskId)),
    findUserTimezone(user.databaseId),
  ]);
  if (!item) notFound();
  const timezone = storedZone ?? FALLBACK_TIMEZONE;
  return (
    <HomeworkTaskView
      item={item}
      timezone={timezone}
      size="grown-up"
      wording={{
        back: { href: "/my-courses#homework", label: "Back to My courses" },
        subtitle: `${item.courseTitle} · ${item.learnerFirstName}`,
        zoneNote: `Times in ${zoneLabel(timezone)}. Late work is still taken, marked late.`,
        handedInHeading: "Handed in",
        waitingForFeedback: "Waiting for the teacher's feedback.",
        handInHeading: `Hand in for ${item.learnerFirstName}`,
        handInAgainHeading: "Hand in again (replaces the work above)",
      }}
      handIn={handInAction.bind(null, item.taskId, item.learnerId)}
    />
  );
}
