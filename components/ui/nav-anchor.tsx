import { IntentLink } from "@/components/ui/intent-link";

import type { NavLink } from "@/lib/platform/auth/navigation";

/** One NavLink: an IntentLink inside the app; a plain link to another site, in a new tab without opener or referrer. */
export function NavAnchor({ link, className }: { link: NavLink; className: string }) {
  if (link.isExternal) {
    return (
      <a href={link.href} target="_blank" rel="noopener noreferrer" className={className}>
        {link.label}
        <span aria-hidden="true"> ↗</span>
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <IntentLink href={link.href} className={className}>
      {link.label}
    </IntentLink>
  );
}
