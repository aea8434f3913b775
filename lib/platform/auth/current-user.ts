import "server-only";

import { getServerSession } from "next-auth";
import { cache } from "react";

import { readLearnerCookie } from "@/lib/platform/auth/learner-cookie";
import { authOptions } from "@/lib/platform/auth/options";
import type { SessionUser } from "@/lib/platform/auth/session-user";

/**
 * The signed-in user, or null. Read once per server render (React's cache): a signed-in page's
 * layout and the page itself both ask, and each read checks the users row. Its own module, without
 * next/navigation, so the outside-facing route handlers that only read the session (the demo and
 * log-event POSTs) stay loadable outside Next's app router (test/route-server.ts).
 *
 * A browser with a child's session (learner-cookie.ts) has no grown-up here, even when the parent's
 * next-auth cookie is beside it on a shared computer: every page, route and action that asks for
 * the user (money, cart, wallet, settings, the family's pages) treats the child as signed out of them.
 */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  if (await hasLearnerSession()) return null;
  const session = await getServerSession(authOptions);
  return session?.user ?? null;
});

/** Whether this request carries a child's session (a signed, unexpired cookie), read once per render. */
export const hasLearnerSession = cache(async (): Promise<boolean> => (await readLearnerCookie()) !== null);
