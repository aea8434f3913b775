import "server-only";

import { eq } from "drizzle-orm";

import { users } from "@/lib/platform/db/schema";
import type { Handler } from "@/lib/platform/events/reactions";
import { attachFamilyDemoBookings } from "@/lib/scheduling/learners";

/**
 * email.verified: the demos the family booked signed out with that email get their child on the
 * account (issue 17). Done here, not at each visit of /my-courses, so a page read writes nothing;
 * run before the session is returned (lib/platform/auth/verified-email.ts), so /my-courses shows
 * them right after the sign-in. A booking already attached is left alone: delivered twice, one
 * child. An account deleted (its email anonymised) or whose email changed since matches nothing.
 */
export const verifiedEmailDemos: Handler<{ userId: number; email: string }> = {
  name: "family-demo-bookings",
  async handle(db, { userId, email }) {
    const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!account || account.email.toLowerCase() !== email.toLowerCase()) return;
    await attachFamilyDemoBookings({ databaseId: userId, email, emailVerified: true });
  },
};
