import type { Metadata } from "next";
import type { ReactNode } from "react";

import { AdoptBrowserTimezone } from "@/components/account/adopt-browser-timezone";
import { SessionLoader } from "@/components/shell/session-loader";
import { SiteShell } from "@/components/shell/site-shell";
import { countUnreadMessages } from "@/lib/messages/threads";
import { getCurrentUser } from "@/lib/platform/auth/session";
import { findUserTimezone } from "@/lib/teachers/profiles";

import { adoptBrowserTimezoneAction } from "../(account)/timezone-action";
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
  // One clock per person: staff read times in their account's zone, a teacher in their profile's
  // (findUserTimezone); either is told when the computer's clock differs, and may switch.
  const [zone, unreadMessages] = await Promise.all([
    user ? findUserTimezone(user.databaseId) : null,
    // Issue 28: the unread messages beside the Messages link.
    user ? countUnreadMessages({ id: user.databaseId, email: user.email, role: user.role }) : null,
  ]);
  return (
    <SiteShell user={user} unreadMessages={unreadMessages}>
      <SessionLoader serverUser={user} />
      {/* A staff account made before zones were kept takes the browser's, as a family's does. */}
      {user !== null && zone === null ? <AdoptBrowserTimezone adopt={adoptBrowserTimezoneAction} /> : null}
      <div className="mx-auto max-w-6xl px-4 py-10">
        {zone ? <ZoneNoticeSlot accountZone={zone} isTeacher={user?.role === "teacher"} /> : null}
        {children}
      </div>
    </SiteShell>
  );
}
