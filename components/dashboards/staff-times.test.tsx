import { renderToStaticMarkup } from "react-dom/server";

import { AdminEventTable } from "@/components/dashboards/admin-event-table";
import { ExpiringChecks } from "@/components/teaching/expiring-checks";
import type { QueueLead } from "@/lib/demo-requests/queue";

import { QueueTable } from "./queue-table";

/**
 * Staff lists read in the staff member's own zone, named as people say it: the support queue and
 * the admin tables were in UTC ("2026-03-10 14:05 UTC") while the threads they opened were not.
 */
const RECEIVED = new Date("2026-03-10T14:05:00Z");
const text = (markup: string) => markup.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

const lead: QueueLead = {
  id: "8f14e45f-ceea-467f-a0e6-1a6f1f7e8c11",
  name: "Pat Parent",
  userEmail: "pat@example.com",
  phone: null,
  course: "python",
  courseTitle: "Python for Young Coders",
  classType: null,
  grade: 4,
  message: null,
  sourcePage: null,
  status: "new",
  note: null,
  statusChangedAt: null,
  statusChangedBy: null,
  firstContactedAt: null,
  createdAt: RECEIVED,
  demoCancelledAt: null,
  demoOutcome: null,
};

describe("staff lists in the reader's zone", () => {
  it("the support queue: when each request came, in the agent's clock, named", () => {
    const kolkata = text(renderToStaticMarkup(<QueueTable leads={[lead]} now={RECEIVED} zone="Asia/Kolkata" />));
    expect(kolkata).toContain("Tue, Mar 10, 2026, 7:35 PM India Standard Time (Kolkata)");
    const berlin = text(renderToStaticMarkup(<QueueTable leads={[lead]} now={RECEIVED} zone="Europe/Berlin" />));
    expect(berlin).toContain("Tue, Mar 10, 2026, 3:05 PM Central European Time (Berlin)");
    expect(berlin).not.toContain("UTC");
  });

  it("the log events to the second, and the checks' expiry dates, in the admin's clock, never an IANA id", () => {
    const events = text(
      renderToStaticMarkup(
        <AdminEventTable
          events={[
            {
              id: 1,
              eventName: "page_view",
              userId: null,
              claimedUserId: null,
              currentUrl: null,
              additionalInfo: null,
              createdAt: new Date("2026-03-10T14:05:09Z"),
            },
          ]}
          zone="America/Chicago"
        />,
      ),
    );
    expect(events).toContain("Tue, Mar 10, 2026, 9:05:09 AM Central Time (Chicago)");
    // Expiring at 20:00 UTC on 10 March is the 11th in Tokyo; the column names the zone.
    const checks = text(
      renderToStaticMarkup(
        <ExpiringChecks
          checks={[
            {
              checkId: 1,
              teacherId: 7,
              teacherName: "Ms. Rao",
              teacherEmail: "rao@example.com",
              kind: "identity",
              applicationId: null,
              expiresAt: new Date("2026-03-10T20:00:00Z"),
              warnedAt: null,
            },
          ]}
          now={RECEIVED}
          zone="Asia/Tokyo"
        />,
      ),
    );
    expect(checks).toContain("Expires, Japan Standard Time (Tokyo)");
    expect(checks).toContain("Mar 11, 2026");
    expect(checks).not.toMatch(/Asia\/Tokyo|UTC/);
  });
});
