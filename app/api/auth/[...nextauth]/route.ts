import NextAuth from "next-auth";

import { authOptionsWith } from "@/lib/platform/auth/options";
import type { SessionUser } from "@/lib/platform/auth/session-user";
import { limitPasswordAttempts } from "@/lib/platform/http/password-attempts";
import { attachFamilyDemoBookings } from "@/lib/scheduling/learners";

/**
 * At each sign-in with a verified email, the demos the family booked signed out with that email
 * get their child on the account (issue 17). A failure here must not fail the sign-in: /my-courses
 * attaches them at its next visit too.
 */
async function attachDemosAtSignIn({ user }: { user: unknown }) {
  const person = user as Partial<SessionUser>;
  // A Google sign-in's `user` is Google's profile (no databaseId): /my-courses attaches those.
  if (typeof person.databaseId !== "number" || typeof person.email !== "string" || person.emailVerified !== true) return;
  await attachFamilyDemoBookings({ databaseId: person.databaseId, email: person.email, emailVerified: true }).catch((error: unknown) =>
    console.error("[auth] could not attach the family's demo bookings:", error),
  );
}

// Credentials sign-in counts wrong passwords per address and per account (issue 4).
const handler = NextAuth({ ...authOptionsWith(limitPasswordAttempts), events: { signIn: attachDemosAtSignIn } });

export { handler as GET, handler as POST };
