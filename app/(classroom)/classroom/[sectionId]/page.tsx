import Link from "next/link";
import { redirect } from "next/navigation";

import { LiveClassroom } from "@/components/classroom/live-classroom";
import { classroomAccess, learnerPerson, SeatStartsLaterError, type ClassroomPerson } from "@/lib/classroom/classroom-access";
import { CLASSROOM_MESSAGES } from "@/lib/classroom/schema";
import { currentLearner } from "@/lib/learner-access/session";
import { hasLearnerSession } from "@/lib/platform/auth/current-user";
import { requireUser } from "@/lib/platform/auth/session";
import { AppError } from "@/lib/platform/errors";
import { formatInstantInZone } from "@/lib/scheduling/time";
import { FALLBACK_TIMEZONE, findUserTimezone } from "@/lib/teachers/profiles";

export const metadata = { title: "Live class" };

const OUTSIDE_REASONS = {
  "section-link": "Your teacher holds this class in their own meeting room.",
  operator: "Classes on this site meet on an outside meeting service.",
  "media-server-unavailable": "Our own classroom is not available right now, so this class meets on the outside meeting service instead.",
} as const;

/**
 * A session's classroom: for its teacher, the families holding a seat for the session (a child on
 * their own sign-in: their own seat's sessions only) and staff observers, from 10
 * minutes before the start to the end plus the grace period. Everyone else gets this page's refusal,
 * never the room; the room's passes come from /api/classroom/{section} once the person presses Join.
 */
export default async function ClassroomPage({ params }: { params: Promise<{ sectionId: string }> }) {
  const { sectionId } = await params;
  // A child's own session is a person of its own (never their parent); a child's ended session signs in again at /kids.
  const learner = (await hasLearnerSession()) ? await currentLearner() : null;
  if (!learner && (await hasLearnerSession())) redirect("/kids");
  const user = learner ? null : await requireUser(`/classroom/${encodeURIComponent(sectionId)}`);
  const actor: ClassroomPerson = learner ? learnerPerson(learner) : { id: user!.databaseId, email: user!.email, role: user!.role };
  const timezone = (learner ? learner.timezone : await findUserTimezone(user!.databaseId)) ?? FALLBACK_TIMEZONE;
  let access;
  try {
    if (!/^[1-9]\d{0,9}$/.test(sectionId)) throw new AppError("forbidden", CLASSROOM_MESSAGES.notBooked);
    access = await classroomAccess(actor, Number(sectionId));
  } catch (error) {
    if (error instanceof SeatStartsLaterError)
      return <SeatStartsLater firstSession={formatInstantInZone(error.firstSessionStartsAt, timezone)} isChild={Boolean(learner)} />;
    if (!(error instanceof AppError)) throw error;
    return <Refusal message={error.message} isChild={Boolean(learner)} />;
  }
  const when = formatInstantInZone(access.session.startsAt, timezone);
  if (access.where.kind === "outside") {
    return (
      <section className="max-w-2xl">
        <h1 className="text-3xl font-extrabold text-slate-900">{access.section.courseTitle}</h1>
        <p className="mt-2 text-slate-700">Session: {when}</p>
        <p className="mt-4 text-slate-800" role="status">
          {OUTSIDE_REASONS[access.where.reason]}
        </p>
        <a
          href={`/api/classes/join?section=${access.section.id}`}
          className="mt-4 inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          Open the meeting room
        </a>
      </section>
    );
  }
  return (
    <LiveClassroom
      sectionId={access.section.id}
      role={access.role}
      courseTitle={access.section.courseTitle}
      when={when}
      observerRole={access.role === "observer" && user ? user.role : null}
    />
  );
}

/** A family whose seat holds a later session, not this one: when its first one is (the viewer's clock, the zone named). */
function SeatStartsLater({ firstSession, isChild }: { firstSession: string; isChild: boolean }) {
  return (
    <section className="max-w-2xl">
      <h1 className="text-3xl font-extrabold text-slate-900">
        {isChild ? "Your class starts later" : "Your seat starts with a later session"}
      </h1>
      <p className="mt-4 text-slate-800" role="alert">
        {CLASSROOM_MESSAGES.seatStartsLater}
      </p>
      <p className="mt-4 text-slate-800">
        {isChild ? "Your first class is on " : "Your seat's first session is on "}
        <strong data-testid="first-session">{firstSession}</strong>. Come back 10 minutes before it starts.
      </p>
      <p className="mt-4">
        <Link href={isChild ? "/learn" : "/my-courses"} className="font-semibold text-brand-700 underline underline-offset-4">
          {isChild ? "Back to my classes" : "My courses"}
        </Link>
      </p>
    </section>
  );
}

function Refusal({ message, isChild }: { message: string; isChild: boolean }) {
  if (isChild)
    return (
      <section>
        <h1 className="text-3xl font-extrabold text-slate-900">You cannot join this class</h1>
        <p className="mt-4 text-slate-800" role="alert">
          {message}
        </p>
        <p className="mt-4">
          <Link href="/learn" className="font-semibold text-brand-700 underline underline-offset-4">
            Back to my classes
          </Link>
        </p>
      </section>
    );
  return (
    <section className="max-w-2xl">
      <h1 className="text-3xl font-extrabold text-slate-900">You cannot join this class</h1>
      <p className="mt-4 text-slate-800" role="alert">
        {message}
      </p>
      <p className="mt-4 text-slate-700">
        A class is open to its teacher and the families holding a seat in it, from 10 minutes before it starts. Your classes and their Join
        buttons are on{" "}
        <Link href="/my-courses" className="font-semibold text-brand-700 underline underline-offset-4">
          My courses
        </Link>
        .
      </p>
    </section>
  );
}
