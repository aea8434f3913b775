import type { Metadata } from "next";
import type { ReactNode } from "react";

import { SessionLoader } from "@/components/shell/session-loader";
import { SiteShell } from "@/components/shell/site-shell";
import { countUnreadMessages } from "@/lib/messages/threads";
import { getCurrentUser } from "@/lib/platform/auth/session";
import { findUserTimezone } from "@/lib/teachers/profiles";

import { ZoneNoticeSlot } from "../(account)/zone-notice-slot";

// Staff pages: never indexed.
export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * Every page here reads the session on the server (and sends a signed-out visitor away); the layout
 * reads the same one (lib/auth/session.ts reads it once per request) and hands it to the shell, so
 * the role's header is in the HTML and the session is known at the first paint.
 */
export default async function DashboardsLayout({ children }: { children: ReactNode }) {
  const user = await getCurrentUser();
  // Issue 31: staff read times in their account's zone; a teacher's are in their profile's zone (their
  // weekly hours are wall times in it), changed on the availability page, so no switch is offered here.
  const [zone, unreadMessages] = await Promise.all([
    user && user.role !== "teacher" ? findUserTimezone(user.databaseId) : null,
    // Issue 28: the unread messages beside the Messages link.
    user ? countUnreadMessages({ id: user.databaseId, email: user.email, role: user.role }) : null,
  ]);
  return (
    <SiteShell user={user} unreadMessages={unreadMessages}>
      <SessionLoader serverUser={user} />
      <div className="mx-auto max-w-6xl px-4 py-10">
        {zone ? <ZoneNoticeSlot accountZone={zone} /> : null}
        {children}
      </div>
    </SiteShell>
  );
}
