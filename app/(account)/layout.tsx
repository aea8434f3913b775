import type { Metadata } from "next";
import type { ReactNode } from "react";

import { AdoptBrowserTimezone } from "@/components/account/adopt-browser-timezone";
import { SessionLoader } from "@/components/shell/session-loader";
import { SiteShell } from "@/components/shell/site-shell";
import { countCartSeats } from "@/lib/commerce/cart/cart";
import { countUnreadMessages } from "@/lib/messages/threads";
import { roleBars } from "@/lib/platform/auth/navigation";
import { redirect } from "next/navigation";

import { hasLearnerSession } from "@/lib/platform/auth/current-user";
import { getCurrentUser } from "@/lib/platform/auth/session";
import { findUserTimezone } from "@/lib/teachers/profiles";

import { adoptBrowserTimezoneAction } from "./timezone-action";
import { ZoneNoticeSlot } from "./zone-notice-slot";

// Personal pages: never indexed.
export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * Every page here reads the session on the server (and sends a signed-out visitor away); the layout
 * reads the same one (lib/auth/session.ts reads it once per request) and hands it to the shell, so
 * the role's header is in the HTML and the session is known at the first paint.
 */
export default async function AccountLayout({ children }: { children: ReactNode }) {
  // A child's session has its own space: the family's pages (cart, wallet, settings) are not theirs.
  if (await hasLearnerSession()) redirect("/learn");
  const user = await getCurrentUser();
  // An account without a zone (made before zones were kept) takes the browser's at this visit.
  const [zone, cartCount, unreadMessages] = await Promise.all([
    user === null ? null : findUserTimezone(user.databaseId),
    // Issue 31 item 4: the cart and its count are in the bar's HTML for a role that buys.
    user !== null && roleBars[user.role].cart ? countCartSeats(user.databaseId) : null,
    // Issue 28: the unread messages beside the Messages link, for every role.
    user === null ? null : countUnreadMessages({ id: user.databaseId, email: user.email, role: user.role }),
  ]);
  const needsZone = user !== null && zone === null;
  return (
    <SiteShell user={user} cartCount={cartCount} unreadMessages={unreadMessages}>
      <SessionLoader serverUser={user} />
      {needsZone ? <AdoptBrowserTimezone adopt={adoptBrowserTimezoneAction} /> : null}
      <div className="mx-auto max-w-3xl px-4 py-10">
        {zone ? <ZoneNoticeSlot accountZone={zone} isTeacher={user?.role === "teacher"} /> : null}
        {children}
      </div>
    </SiteShell>
  );
}
