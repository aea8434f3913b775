import Link from "next/link";

import type { RequestBooking } from "@/lib/demo-requests/support-booking";
import { formatInstantInZone } from "@/lib/scheduling/time";

/** The support team's words for a booking's status. */
const STATUS_LABELS: Record<RequestBooking["status"], string> = {
  held: "Held",
  confirmed: "Confirmed",
  cancelled: "Cancelled",
  attended: "Attended",
  no_show: "No-show",
};

const STATUS_CLASSES: Record<RequestBooking["status"], string> = {
  held: "bg-amber-100 text-amber-950",
  confirmed: "bg-emerald-100 text-emerald-950",
  cancelled: "bg-slate-200 text-slate-800",
  attended: "bg-sky-100 text-sky-950",
  no_show: "bg-red-100 text-red-950",
};

/** A request's demo bookings, newest time first, in the family's zone (else the agent's; named). */
export function RequestDemoBookings({ bookings, timezone }: { bookings: RequestBooking[]; timezone: string }) {
  if (bookings.length === 0) return <p className="mt-2 text-slate-700">No demo time is booked for this request.</p>;
  return (
    <ul className="mt-2 space-y-3" aria-label="Demo bookings">
      {bookings.map((booking) => (
        <li key={booking.id} className="rounded-xl border border-slate-200 p-3">
          <p className="flex flex-wrap items-center gap-2">
            <time dateTime={booking.startsAt} className="font-semibold text-slate-900">
              {formatInstantInZone(booking.startsAt, timezone)}
            </time>
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASSES[booking.status]}`}>
              {STATUS_LABELS[booking.status]}
            </span>
          </p>
          <p className="mt-1 text-sm text-slate-800">With {booking.teacherName}</p>
          <p className="mt-1 text-sm">
            {/* The family's own page (no login): the link to send them. */}
            <Link href={`/demo/${booking.token}`} className="font-semibold text-brand-700 underline underline-offset-2">
              Family&rsquo;s booking page<span className="sr-only"> for {formatInstantInZone(booking.startsAt, timezone)}</span>
            </Link>
          </p>
        </li>
      ))}
    </ul>
  );
}
