import "server-only";

import { asc, eq, inArray } from "drizzle-orm";

import type { sessionCredited } from "@/lib/commerce/events";
import { formatMoney } from "@/lib/commerce/wallet/money";
import { enqueueEmail } from "@/lib/notifications/email";
import { sessionCreditedEmail } from "@/lib/notifications/messages/session-credited";
import { brand, brandLabels, brandRoutes } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import { bookings, courses, learners, sessionChanges, sessionCredits, users } from "@/lib/platform/db/schema";
import type { EventPayload } from "@/lib/platform/events/events";
import type { Handler } from "@/lib/platform/events/reactions";
import { formatInstantInZone } from "@/lib/scheduling/time";

import { readerZone } from "./booking-mail";

type SessionCredited = EventPayload<typeof sessionCredited>;

/**
 * session.credited: the parent who paid for each credited seat hears what went to their Cash and why,
 * in their zone; keyed by the credit row, so once however often delivered. A seat credited nothing
 * (a free seat) gets no message.
 */
export async function enqueueSessionCreditMail(db: Database, { creditIds }: SessionCredited): Promise<void> {
  const rows = await db
    .select({
      id: sessionCredits.id,
      amountMinor: sessionCredits.amountMinor,
      sessionAt: sessionChanges.originalStartsAt,
      learnerName: learners.firstName,
      courseTitle: courses.title,
      email: users.email,
      name: users.displayName,
      zone: users.timezone,
      bookedZone: bookings.timezone,
    })
    .from(sessionCredits)
    .innerJoin(sessionChanges, eq(sessionChanges.id, sessionCredits.sessionChangeId))
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
