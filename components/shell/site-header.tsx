import { IntentLink } from "@/components/ui/intent-link";

import { LinkList } from "@/components/ui/link-list";
import { NavAnchor } from "@/components/ui/nav-anchor";
import { brand } from "@/lib/platform/brand";
import type { SessionUser } from "@/lib/platform/auth/session-user";
import { anonymousActions, anonymousNav, roleBars } from "@/lib/platform/auth/navigation";

import { HeaderNav } from "./header-nav";
import { ReturnHereLink } from "./return-here-link";
import { StickyHeader } from "./sticky-header";

/**
 * `user`: the session, when the page's layout read it on the server (the signed-in route groups),
 * with `cartCount`, the seats in its cart. The root layout's static header has neither and hands
 * over `readCartCount` instead: the bar asks for the count once the browser knows the session.
 */
export function SiteHeader({
  user = null,
  cartCount = null,
  unreadMessages = null,
  readCartCount,
}: {
  user?: SessionUser | null;
  cartCount?: number | null;
  unreadMessages?: number | null;
  readCartCount?: () => Promise<number | null>;
}) {
  return (
    <StickyHeader>
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <IntentLink href="/" className="flex items-center gap-2 text-lg font-bold text-brand-700">
          <span aria-hidden="true" className="grid size-8 place-items-center rounded-lg bg-brand-600 text-white">
            {brand.name.charAt(0)}
          </span>
          {brand.name}
        </IntentLink>
        <HeaderNav
          anonymous={<AnonymousBar />}
          bars={roleBars}
          serverUser={user}
          serverCartCount={cartCount}
          serverUnreadMessages={unreadMessages}
          readCartCount={readCartCount}
        />
      </nav>
    </StickyHeader>
  );
}

const menuLinkClass = "block rounded-lg px-3 py-2 text-sm text-slate-800 hover:bg-brand-50";

/** The anonymous bar (SPEC 2): Courses, Contact Us, Blog, Log in, Sign up. */
function AnonymousBar() {
  return (
    <>
      <LinkList
        links={anonymousNav}
        className="mr-auto ml-8 hidden items-center gap-6 text-sm font-medium text-slate-700 md:flex"
        linkClassName="hover:text-brand-700"
      />
      <div className="hidden items-center gap-2 md:flex">
        <ReturnHereLink
          page={anonymousActions.signIn.href}
          className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {anonymousActions.signIn.label}
        </ReturnHereLink>
        <ReturnHereLink
          page={anonymousActions.signUp.href}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {anonymousActions.signUp.label}
        </ReturnHereLink>
      </div>
      {/* Small screens: a disclosure menu that needs no JavaScript. */}
      <details className="relative md:hidden">
        <summary className="cursor-pointer list-none rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800">
          Menu
        </summary>
        <ul className="absolute right-0 z-50 mt-2 w-48 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
          {anonymousNav.map((link) => (
            <li key={`${link.href}-${link.label}`}>
              <NavAnchor link={link} className={menuLinkClass} />
            </li>
          ))}
          {[anonymousActions.signIn, anonymousActions.signUp].map((action) => (
            <li key={action.href}>
              <ReturnHereLink page={action.href} className={menuLinkClass}>
                {action.label}
              </ReturnHereLink>
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}
