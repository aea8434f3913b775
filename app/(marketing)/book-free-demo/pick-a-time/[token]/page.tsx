import type { Metadata } from "next";
import Link from "next/link";

import { timePicker } from "@/app/(marketing)/book-free-demo/time-picker";
import { LocalTime } from "@/components/demo/local-time";
import { PickTimeLater } from "@/components/demo/pick-time-later";
import { LEAD_TOKEN_MESSAGE } from "@/lib/demo-requests/lead-token";
import { findLeadToPick } from "@/lib/demo-requests/pick-later";
import { formatInstantInZone } from "@/lib/scheduling/time";

// A family's own request at a signed address: never indexed, never cached.
export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Pick a time for your free demo", robots: { index: false, follow: false } };

const linkClass = "font-semibold text-brand-700 underline underline-offset-4";

/** Where the "we received your request" email's "Pick a time" link leads: the time picker for that request. */
export default async function PickATimePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const lead = await findLeadToPick(decodeURIComponent(token));
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Pick a time for your free demo</h1>
      {lead.kind === "refused" || lead.kind === "gone" ? (
        <p className="mt-4 text-slate-700">
          {lead.kind === "refused" ? LEAD_TOKEN_MESSAGE : "We no longer have this request."}{" "}
          <Link href="/book-free-demo" className={linkClass}>
            Book a free demo
          </Link>
        </p>
      ) : lead.kind === "booked" ? (
        <p className="mt-4 text-slate-700">
          Your free demo{lead.courseTitle ? ` of ${lead.courseTitle}` : ""} is already booked for{" "}
          <strong>
            <LocalTime instant={lead.startsAt.toISOString()} fallback={formatInstantInZone(lead.startsAt, "UTC")} />
          </strong>
          .{" "}
          <Link href={`/demo/${lead.bookingToken}`} className={linkClass}>
            See or change your booking
          </Link>
        </p>
      ) : (
        <>
          <p className="mt-4 text-slate-700">
            {lead.courseTitle ? `A free demo of ${lead.courseTitle}: ` : ""}pick one of our teachers&apos; open times below, and it is
            booked at once. No time suits you? Our team will call you within 24 hours to find one.
          </p>
          <PickTimeLater leadToken={decodeURIComponent(token)} actions={timePicker} />
        </>
      )}
    </div>
  );
}
