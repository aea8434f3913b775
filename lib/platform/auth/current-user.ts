import "server-only";

import { getServerSession } from "next-auth";
import { cache } from "react";

import { authOptions } from "@/lib/platform/auth/options";
import type { SessionUser } from "@/lib/platform/auth/session-user";

/**
 * The signed-in user, or null. Read once per server render (React's cache): a signed-in page's
 * layout and the page itself both ask, and each read checks the users row. Its own module, without
 * next/navigation, so the outside-facing route handlers that only read the session (the demo and
 * log-event POSTs) stay loadable outside Next's app router (test/route-server.ts).
 */
export const getCurrentUser = cache(async (): Promise<SessionUser | null> => {
  const session = await getServerSession(authOptions);
  return session?.user ?? null;
});
