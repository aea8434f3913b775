import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";

import { DemoBookingControls } from "@/components/demo/demo-booking-controls";
import { LocalTime } from "@/components/demo/local-time";
import { TooManyTries } from "@/components/ui/too-many-tries";
import { limitTokenGuesses, tokenRefusalMessage } from "@/lib/platform/http/token-guesses";
import { BOOKING_STATUS_LABELS } from "@/lib/scheduling/schema";
import { formatInstantInZone } from "@/lib/scheduling/time";
import { findDemoStatus } from "@/lib/demo-requests/demo-booking";
import { JOIN_OPENS_MINUTES_BEFORE } from "@/lib/classroom/join";

import { DemoOutcomePanel } from "@/components/demo/demo-outcome-panel";
import { RebookDemo } from "@/components/demo/rebook-demo";
import { enrolLabel } from "@/lib/scheduling/demo-outcomes";

import { cancelDemoAction, rebookDemoAction, rebookSlotsAction, rescheduleDemoAction, rescheduleSlotsAction } from "./actions";

const rebookActions = { slots: rebookSlotsAction, book: rebookDemoAction };
const controls = {
  cancel: cancelDemoAction,
  reschedule: rescheduleDemoAction,
  rescheduleSlots: rescheduleSlotsAction,
  rebook: rebookActions,
};

// A family's own booking at an unguessable address: never indexed, never cached.
export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Your free demo", robots: { index: false, follow: false } };

/** Issue: the no-login status page of a demo booking (shown after booking); works without an account. */
export default async function DemoStatusPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  // Wrong tokens count against the visitor's address: past the limit, the page says so instead.
  let status: Awaited<ReturnType<typeof findDemoStatus>>;
  try {
    status = await limitTokenGuesses(
      await headers(),
      () => findDemoStatus(token),
      (found) => found === null,
    );
  } catch (error) {
    return <TooManyTries message={tokenRefusalMessage(error)} />;
  }
  if (!status) notFound();
  const { booking, courseTitle, outcome, enrolPath } = status;
  const isCancelled = booking.status === "cancelled";
  // Attended or missed: the demo is over; what the teacher recorded replaces the booking's controls.
  const isOver = booking.status === "attended" || booking.status === "no_show";
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Your free demo</h1>
      <dl className="mt-6 space-y-3 text-slate-800">
        <div>
          <dt className="text-sm text-slate-500">Course</dt>
          <dd className="font-semibold">{courseTitle}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500">When</dt>
          <dd className="font-semibold">
            {/* The server knows no viewer's zone: UTC, named, until the browser shows its own. */}
            <LocalTime instant={booking.startsAt} fallback={formatInstantInZone(booking.startsAt, "UTC")} />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500">Status</dt>
          <dd className="font-semibold">{BOOKING_STATUS_LABELS[booking.status] ?? booking.status}</dd>
        </div>
      </dl>
      {isCancelled || isOver ? null : (
        <p className="mt-6 text-slate-700">
          The demo is a live video lesson online with the teacher. Its Join button appears on{" "}
          <Link href="/my-courses" className="font-semibold text-brand-700 underline underline-offset-4">
            My Courses
          </Link>{" "}
          {JOIN_OPENS_MINUTES_BEFORE} minutes before the start: sign in, or sign up with the email you booked with and verify it, to see it
          there. The calendar invite carries the time.
        </p>
      )}
      {isCancelled || isOver ? null : (
        <a
          href={`/demo/${token}/calendar.ics`}
          download="free-demo.ics"
          className="mt-6 inline-block rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700"
        >
          Add to calendar
        </a>
      )}
      {outcome ? (
        <DemoOutcomePanel
          outcome={outcome}
          enrolPath={enrolPath}
          enrolText={enrolLabel(outcome)}
          rebook={<RebookDemo token={token} actions={rebookActions} label="Book another time" />}
        />
      ) : null}
      {isCancelled ? null : (
        <p className="mt-6 text-slate-700">
          A question for the teacher, before or after the demo?{" "}
          <Link href={`/share-a-message?booking=${booking.id}`} className="font-semibold text-brand-700 underline underline-offset-4">
            Message the teacher
          </Link>{" "}
          (sign in with the email you booked with; messages stay on our site).
        </p>
      )}
      {isOver ? null : <DemoBookingControls token={token} isCancelled={isCancelled} actions={controls} />}
    </div>
  );
}
