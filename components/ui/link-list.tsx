import { NavAnchor } from "@/components/ui/nav-anchor";

import type { NavLink } from "@/lib/platform/auth/navigation";

/** A <ul> of links (internal, or another site's): the header bars, the account menu and the footer. */
export function LinkList({ links, className, linkClassName }: { links: NavLink[]; className: string; linkClassName: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={`${link.href}-${link.label}`}>
          <NavAnchor link={link} className={linkClassName} />
        </li>
      ))}
    </ul>
  );
}
