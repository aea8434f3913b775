import Link from "next/link";

import { DataTable } from "@/components/dashboards/data-table";
import type { FamilyDemoBooking } from "@/lib/scheduling/family-bookings";
import { BOOKING_STATUS_LABELS } from "@/lib/scheduling/schema";
import { formatInstantInZone } from "@/lib/scheduling/time";

/** A family's demo bookings, each time in the account's zone (named), with its status page. */
export function FamilyBookingsTable({ bookings, timezone }: { bookings: FamilyDemoBooking[]; timezone: string }) {
  if (bookings.length === 0) return <p className="text-slate-700">No demo times booked yet.</p>;
  return (
    <DataTable caption="Your demo bookings" columns={["When", "Course", "Teacher", "Child", "Status", ""]}>
      {bookings.map((booking) => (
        <tr key={booking.id} className="border-t border-slate-200">
          <td className="px-3 py-2">
            <time dateTime={booking.startsAt}>{formatInstantInZone(booking.startsAt, timezone)}</time>
          </td>
          <td className="px-3 py-2">{booking.courseTitle ?? "Free demo class"}</td>
          <td className="px-3 py-2">{booking.teacherName ?? "—"}</td>
          <td className="px-3 py-2">{booking.learnerFirstName ?? "—"}</td>
          <td className="px-3 py-2">{BOOKING_STATUS_LABELS[booking.status] ?? booking.status}</td>
          <td className="px-3 py-2 whitespace-nowrap">
            <Link href={`/demo/${booking.token}`} className="font-semibold text-brand-700 underline underline-offset-4">
              See or change<span className="sr-only"> the demo of {booking.courseTitle ?? "this course"}</span>
            </Link>{" "}
            ·{" "}
            <Link href={`/share-a-message?booking=${booking.id}`} className="font-semibold text-brand-700 underline underline-offset-4">
              Message the teacher<span className="sr-only"> about the demo of {booking.courseTitle ?? "this course"}</span>
            </Link>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
