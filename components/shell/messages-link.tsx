import { IntentLink } from "@/components/ui/intent-link";
import type { NavLink } from "@/lib/platform/auth/navigation";

import { BarLabel } from "./bar-icon";

const unreadText = (n: number) => `${n} unread`;

/**
 * The bar's Messages link with the number of unread messages (issue 28), for every role. The count
 * comes with the signed-in pages' HTML (their layouts read it with the session); the static public
 * pages show the link alone, so they stay static and ask nothing. A badge over the link's corner,
 * as the cart's, so nothing moves.
 */
export function MessagesLink({ link, unread }: { link: NavLink; unread: number | null }) {
  const hasUnread = unread !== null && unread > 0;
  return (
    <IntentLink
      href={link.href}
      aria-label={hasUnread ? `${link.label} (${unreadText(unread)})` : link.label}
      data-unread={unread ?? undefined}
      className="relative block rounded-lg px-2 py-1 text-sm font-semibold text-slate-800 hover:bg-brand-50 hover:text-brand-700"
    >
      <BarLabel icon="messages" label={link.label} />
      {hasUnread ? (
        <span
          aria-hidden="true"
          className="absolute -top-1.5 -right-2 grid h-5 min-w-5 place-items-center rounded-full bg-brand-700 px-1 text-xs leading-none font-bold text-white"
        >
          {unread}
        </span>
      ) : null}
    </IntentLink>
  );
}
