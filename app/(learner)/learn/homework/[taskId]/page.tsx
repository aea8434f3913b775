import { notFound, redirect } from "next/navigation";

import { HomeworkTaskView } from "@/components/homework/homework-task-view";
import { familyHomeworkItem } from "@/lib/homework/views";
import { currentLearner } from "@/lib/learner-access/session";
import { FALLBACK_TIMEZONE } from "@/lib/platform/constants";
import { getDb } from "@/lib/platform/db/client";
import { zoneLabel } from "@/lib/scheduling/zone-name";

import { handInAsChildAction } from "../../homework-actions";

export const metadata = { title: "My homework" };

/**
 * One task, for the child signed in: what to do, by when (the family's clock), what they handed in,
 * the teacher's feedback, and the hand-in form until it is marked. Only the child's own tasks exist here.
 */
export default async function LearnerHomeworkPage({ params }: { params: Promise<{ taskId: string }> }) {
  const learner = await currentLearner();
  if (!learner) redirect("/kids");
  const { taskId } = await params;
  if (!/^\d{1,9}$/.test(taskId)) notFound();
  const item = await familyHomeworkItem(await getDb(), learner.parentId, learner.learnerId, Number(taskId));
  if (!item) notFound();
  const zone = learner.timezone ?? FALLBACK_TIMEZONE;
  return (
    <HomeworkTaskView
      item={item}
      timezone={zone}
      size="child"
      wording={{
        back: { href: "/learn", label: "Back to my classes" },
        subtitle: item.courseTitle,
        zoneNote: `Times are ${zoneLabel(zone)}. Late work is OK.`,
        handedInHeading: "My work",
        waitingForFeedback: "Your teacher will write back soon.",
        handInHeading: "Hand in",
        handInAgainHeading: "Hand in again",
      }}
      handIn={handInAsChildAction.bind(null, item.taskId)}
    />
  );
}
