import type { ReactNode } from "react";

import { CheckEmailNotice } from "./check-email-notice";

import type { SessionUser } from "@/lib/platform/auth/session-user";

import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/**
 * The header, the page and the footer of the signed-in route groups ((account), (dashboards)): their
 * layouts read the session on the server and pass it, so the role's bar is in the HTML and the
 * session is known at the first paint. Every other page gets the root layout's static shell
 * (components/shell/shell-frame.tsx), so the public pages stay static.
 */
export function SiteShell({
  user = null,
  cartCount = null,
  unreadMessages = null,
  children,
}: {
  user?: SessionUser | null;
  /** The seats in the user's cart, read with the session, for a role that buys (else null). */
  cartCount?: number | null;
  /** Unread messages of the user, read with the session (issue 28). */
  unreadMessages?: number | null;
  children: ReactNode;
}) {
  return (
    <>
      <SiteHeader user={user} cartCount={cartCount} unreadMessages={unreadMessages} />
      <main id="main" className="flex-1">
        <CheckEmailNotice />
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
