import { IntentLink } from "@/components/ui/intent-link";

import type { NavLink } from "@/lib/navigation";

/** A <ul> of internal links: the header bars, the account menu and the footer. */
export function LinkList({ links, className, linkClassName }: { links: NavLink[]; className: string; linkClassName: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={`${link.href}-${link.label}`}>
          <IntentLink href={link.href} className={linkClassName}>
            {link.label}
          </IntentLink>
        </li>
      ))}
    </ul>
  );
}
