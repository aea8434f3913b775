"use client";

import { useState, type ReactNode } from "react";

import { LinkList } from "@/components/ui/link-list";
import { NavAnchor } from "@/components/ui/nav-anchor";
import { useAuthState } from "@/browser/auth/auth-state";
import { logOut } from "@/browser/auth/logout";
import type { Role } from "@/lib/platform/auth/roles";
import type { SessionUser } from "@/lib/platform/auth/session-user";
import type { RoleBar } from "@/lib/platform/auth/navigation";

import { CartLink } from "./cart-link";
import { MessagesLink } from "./messages-link";
import { UserAvatar } from "./user-avatar";

/**
 * The header's role-aware part (SPEC 2, Layout by role). On public pages the anonymous bar is
 * rendered on the server and shown until the session says otherwise; on signed-in pages the
 * layout hands over the session the server read (serverUser), so the role's bar is in the HTML.
 */
export function HeaderNav({
  anonymous,
  bars,
  serverUser,
  serverCartCount = null,
  serverUnreadMessages = null,
  readCartCount,
}: {
  anonymous: ReactNode;
  bars: Record<Role, RoleBar>;
  serverUser: SessionUser | null;
  /** The seats in the cart, when the layout read them with the session. */
  serverCartCount?: number | null;
  /** Unread messages, when the layout read them with the session (the signed-in pages only). */
  serverUnreadMessages?: number | null;
  /** Asks for that count, on pages whose HTML could not carry it (the static public pages). */
  readCartCount?: () => Promise<number | null>;
}) {
  const auth = useAuthState(serverUser);
  if (auth.status === "signed-in") {
    // The server's count is the signed-in user's only while the browser's session is still theirs.
    const isServerUser = serverUser !== null && serverUser.id === auth.user.id;
    return (
      <SignedInBar
        user={auth.user}
        bar={bars[auth.user.role]}
        cartCount={isServerUser ? serverCartCount : null}
        unreadMessages={isServerUser ? serverUnreadMessages : null}
        readCartCount={readCartCount}
      />
    );
  }
  // While a session may exist the anonymous links stay in place but hidden, so nothing shifts.
  return <div className={`flex flex-1 items-center justify-end gap-4 ${auth.status === "loading" ? "invisible" : ""}`}>{anonymous}</div>;
}

function SignedInBar({
  user,
  bar,
  cartCount,
  unreadMessages,
  readCartCount,
}: {
  user: SessionUser;
  bar: RoleBar;
  cartCount: number | null;
  unreadMessages: number | null;
  readCartCount?: () => Promise<number | null>;
}) {
  const [isBusy, setIsBusy] = useState(false);
  const name = user.displayName || user.email;
  const onLogout = async () => {
    setIsBusy(true);
    await logOut(user);
  };
  return (
    // Phone widths: tighter gaps, icons for Messages and Cart, the avatar without the name (the menu names the account).
    <div className="flex flex-1 items-center justify-end gap-1 sm:gap-4" data-role={user.role}>
      {bar.links.length > 0 ? (
        <LinkList
          links={bar.links}
          className="hidden items-center gap-5 text-sm font-medium text-slate-700 lg:flex"
          linkClassName="hover:text-brand-700"
        />
      ) : null}
      <MessagesLink link={bar.messages} unread={unreadMessages} />
      {bar.cart ? <CartLink link={bar.cart} serverCount={cartCount} readCount={readCartCount} /> : null}
      <details className="relative">
        <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-2 py-1 hover:bg-brand-50">
          <UserAvatar name={name} photoURL={user.photoURL} />
          <span className="sr-only text-sm font-semibold text-slate-800 sm:not-sr-only sm:max-w-40 sm:truncate">{name}</span>
        </summary>
        <ul className="absolute right-0 z-50 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-2 shadow-lg" aria-label="Account">
          <li aria-hidden="true" className="truncate px-3 pt-1 pb-2 text-xs font-semibold text-slate-600 sm:hidden">
            {name}
          </li>
          {[...bar.links.map((l) => ({ ...l, small: true })), ...bar.account.map((l) => ({ ...l, small: false }))].map((link) => (
            <li key={`${link.href}-${link.label}`} className={link.small ? "lg:hidden" : ""}>
              <NavAnchor link={link} className="block rounded-lg px-3 py-2 text-sm text-slate-800 hover:bg-brand-50" />
            </li>
          ))}
          <li>
            <button
              type="button"
              onClick={onLogout}
              disabled={isBusy}
              className="block w-full rounded-lg px-3 py-2 text-left text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
            >
              Logout
            </button>
          </li>
        </ul>
      </details>
    </div>
  );
}
