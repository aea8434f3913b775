import Link from "next/link";
import { notFound } from "next/navigation";

import { AccountDataExport } from "@/components/dashboards/account-data-export";
import { LeadHistory } from "@/components/dashboards/lead-history";
import { LeadNoteForm, LeadStatusForm } from "@/components/dashboards/lead-forms";
import { LeadStatusBadge } from "@/components/dashboards/lead-status-badge";
import { RequestDemoBookings } from "@/components/dashboards/request-demo-bookings";
import { SupportDemoControls } from "@/components/dashboards/support-demo-controls";
import { listAuditFor } from "@/lib/audit/audit";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { findQueueLead } from "@/lib/demo-requests/queue";
import { isOverdue } from "@/lib/demo-requests/status";
import { listRequestBookings, requestTimezone, SUPPORT_BOOKING_MESSAGES } from "@/lib/demo-requests/support-booking";
import { LIVE_BOOKING_STATUSES } from "@/lib/scheduling/slots";
import { formatInstantInZone } from "@/lib/scheduling/time";
import { zoneLabel } from "@/lib/scheduling/zone-name";
import { formatAge } from "@/lib/platform/format";
import { timezoneOfUser } from "@/lib/accounts/user-directory";
import { findLeadAccountExport } from "@/lib/privacy/export";
import { z } from "@/lib/platform/zod";

import {
  bookRequestDemoAction,
  cancelRequestDemoAction,
  changeLeadStatusAction,
  listRequestSlotsAction,
  moveRequestDemoAction,
  saveLeadNoteAction,
} from "../../actions";

const demoActions = {
  listSlots: listRequestSlotsAction,
  book: bookRequestDemoAction,
  move: moveRequestDemoAction,
  cancel: cancelRequestDemoAction,
};

export const metadata = { title: "Demo request" };

export default async function DemoRequestPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await requirePagePermission("leads.read", `/support/requests/${id}`);
  if (!z.uuid().safeParse(id).success) notFound();
  const [lead, history, bookings, zone, account, ownZone] = await Promise.all([
    findQueueLead(actor, id),
    listAuditFor(actor, "demo_request", id),
    listRequestBookings(actor, id),
    requestTimezone(actor, id),
    findLeadAccountExport(actor, id),
    // The agent's own clock for when things happened here; the demo's times are the family's (named).
    timezoneOfUser(actor.id),
  ]);
  if (!lead) notFound();
  const timezone = zone.zone;
  const live = bookings.find((booking) => (LIVE_BOOKING_STATUSES as readonly string[]).includes(booking.status));
  const now = new Date();
  const fields: Array<[string, string]> = [
    ["Email", lead.userEmail],
    ["Phone", lead.phone ?? "—"],
    ["Course", lead.courseTitle ?? (lead.course === "not-sure" ? "Not sure yet" : lead.course)],
    ["Grade", lead.grade ? String(lead.grade) : "—"],
    ["Class type", lead.classType ?? "—"],
    ["Source page", lead.sourcePage ?? "—"],
    ["Received", `${formatInstantInZone(lead.createdAt, ownZone)} (${formatAge(lead.createdAt, now)} ago)`],
    ["First contact", lead.firstContactedAt ? formatInstantInZone(lead.firstContactedAt, ownZone) : "Not yet"],
  ];
  return (
    <>
      <p>
        <Link href="/support/dashboard" className="font-semibold text-brand-700 underline underline-offset-2">
          ← Back to the queue
        </Link>
      </p>
      <h1 className="mt-4 flex flex-wrap items-center gap-3 text-3xl font-extrabold [overflow-wrap:anywhere] text-slate-900">
        {lead.name ?? lead.userEmail} <LeadStatusBadge status={lead.status} />
      </h1>
      {isOverdue(lead, now) ? (
        <p className="mt-3 rounded-xl bg-amber-100 p-3 font-semibold text-amber-950">Waiting more than 24 hours for contact.</p>
      ) : null}
      <div className="mt-6 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="request">
          <h2 id="request" className="text-xl font-bold text-slate-900">
            Request
          </h2>
          <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
            {fields.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-semibold text-slate-700">{label}</dt>
                <dd className="break-words text-slate-900">
                  {label === "Email" ? (
                    <a href={`mailto:${value}`} className="text-brand-700 underline">
                      {value}
                    </a>
                  ) : label === "Phone" && lead.phone ? (
                    <a href={`tel:${lead.phone}`} className="text-brand-700 underline">
                      {value}
                    </a>
                  ) : (
                    value
                  )}
                </dd>
              </div>
            ))}
          </dl>
          <h3 className="mt-6 font-bold text-slate-900">Message</h3>
          <p className="mt-1 whitespace-pre-wrap text-slate-900">{lead.message ?? "No message."}</p>
          <h3 className="mt-6 font-bold text-slate-900">Family&rsquo;s data</h3>
          <AccountDataExport found={account} />
        </section>
        <section aria-labelledby="handling" className="space-y-6">
          <h2 id="handling" className="text-xl font-bold text-slate-900">
            Handling
          </h2>
          {/* Keyed by the stored value: after a save the form starts again from what is now stored
              (React resets a form after its action to the values it was first rendered with). */}
          <section aria-labelledby="demo-booking" className="rounded-xl border border-slate-200 p-4">
            <h3 id="demo-booking" className="text-lg font-bold text-slate-900">
              Demo time
            </h3>
            <p className="mt-1 text-sm text-slate-700" data-testid="request-zone">
              {zone.isFamilys
                ? `Times in the family's zone, ${zoneLabel(timezone)}.`
                : `Times in your zone, ${zoneLabel(timezone)}: the family's zone is not known yet.`}
            </p>
            <RequestDemoBookings bookings={bookings} timezone={timezone} />
            {lead.courseTitle === null ? (
              <p className="mt-3 text-slate-700">{SUPPORT_BOOKING_MESSAGES.noCourse}</p>
            ) : (
              <SupportDemoControls
                requestId={lead.id}
                liveBooking={live ? { id: live.id, when: formatInstantInZone(live.startsAt, timezone) } : null}
                timezone={timezone}
                actions={demoActions}
              />
            )}
          </section>
          <LeadStatusForm key={lead.status} id={lead.id} status={lead.status} action={changeLeadStatusAction} />
          <LeadNoteForm key={lead.note ?? ""} id={lead.id} note={lead.note} action={saveLeadNoteAction} />
          <LeadHistory entries={history} timezone={timezone} zone={ownZone} />
        </section>
      </div>
    </>
  );
}
