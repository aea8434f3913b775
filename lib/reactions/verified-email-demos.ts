import "server-only";

import { verifiedEmailListeners } from "@/lib/platform/auth/verified-email";
import { attachFamilyDemoBookings } from "@/lib/scheduling/learners";

/**
 * Once a session shows a verified email (a sign-in, or the verification link followed), the demos
 * the family booked signed out with that email get their child on the account (issue 17). Done
 * here, not at each visit of /my-courses, so a page read writes nothing.
 */
export function registerVerifiedEmailDemos(): void {
  verifiedEmailListeners.register("family-demo-bookings", async ({ databaseId, email }) => {
    await attachFamilyDemoBookings({ databaseId, email, emailVerified: true });
  });
}
