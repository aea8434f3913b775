import "server-only";

import { asc, eq, inArray, sql } from "drizzle-orm";

import type { removedSessionsCredited, sessionCredited } from "@/lib/commerce/events";
import { formatMoney } from "@/lib/commerce/wallet/money";
import { enqueueEmail } from "@/lib/notifications/email";
import { sessionCreditedEmail } from "@/lib/notifications/messages/session-credited";
import { brand, brandLabels, brandRoutes } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import { bookings, courses, learners, seatSessions, sessionChanges, sessionCredits, users } from "@/lib/platform/db/schema";
import type { EventPayload } from "@/lib/platform/events/events";
import type { Handler } from "@/lib/platform/events/reactions";
import { formatInstantInZone } from "@/lib/scheduling/time";

import { readerZone } from "./booking-mail";

type SessionCredited = EventPayload<typeof sessionCredited>;
type RemovedSessionsCredited = EventPayload<typeof removedSessionsCredited>;

/**
 * session.credited and section.removed-sessions-credited: the parent who paid for each credited seat
 * hears what went to their Cash and why (a cancelled session, or one taken off the schedule), in
 * their zone; keyed by the credit row, so once however often delivered. A seat credited nothing
 * (a free seat) gets no message.
 */
export async function enqueueSessionCreditMail(db: Database, { creditIds }: { creditIds: number[] }): Promise<void> {
  const rows = await db
    .select({
      id: sessionCredits.id,
      amountMinor: sessionCredits.amountMinor,
      sessionAt: sql<Date>`coalesce(${sessionChanges.originalStartsAt}, ${seatSessions.occurrence})`.mapWith(
        sessionChanges.originalStartsAt,
      ),
      removed: sql<boolean>`${sessionCredits.sessionChangeId} is null`,
      learnerName: learners.firstName,
      courseTitle: courses.title,
      email: users.email,
      name: users.displayName,
      zone: users.timezone,
      bookedZone: bookings.timezone,
    })
    .from(sessionCredits)
    .leftJoin(sessionChanges, eq(sessionChanges.id, sessionCredits.sessionChangeId))
    .leftJoin(seatSessions, eq(seatSessions.id, sessionCredits.seatSessionId))
    .innerJoin(bookings, eq(bookings.id, sessionCredits.bookingId))
    .innerJoin(learners, eq(learners.id, bookings.learnerId))
    .innerJoin(courses, eq(courses.id, bookings.courseId))
    .innerJoin(users, eq(users.id, sessionCredits.userId))
    .where(inArray(sessionCredits.id, creditIds))
    .orderBy(asc(sessionCredits.id));
  for (const row of rows) {
    if (row.amountMinor <= 0) continue;
    const content = sessionCreditedEmail({
      readerName: row.name,
      learnerName: row.learnerName,
      courseTitle: row.courseTitle,
      removed: row.removed,
      sessionWhen: formatInstantInZone(row.sessionAt, readerZone(row.zone, row.bookedZone)),
      amount: formatMoney(row.amountMinor),
      walletLabel: brandLabels.cash,
      walletUrl: `${brand.siteUrl}${brandRoutes.wallet}`,
    });
    await enqueueEmail(db, `session-credit:${row.id}`, { ...content, to: row.email });
  }
}

export const sessionCreditMail: Handler<SessionCredited> = {
  name: "session-credit-mail",
  handle: (db, event) => enqueueSessionCreditMail(db, event),
};

export const removedSessionCreditMail: Handler<RemovedSessionsCredited> = {
  name: "removed-session-credit-mail",
  handle: (db, event) => enqueueSessionCreditMail(db, event),
};
