"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

import { IntentLink } from "@/components/ui/intent-link";
import { authLinkFrom } from "@/lib/platform/auth/guard";

/** The header's Log in / Sign up: it carries the page being read, so the visitor comes back to it. */
export function ReturnHereLink({ page, className, children }: { page: "/signin" | "/signup"; className: string; children: ReactNode }) {
  const pathname = usePathname();
  return (
    <IntentLink href={authLinkFrom(page, pathname)} className={className}>
      {children}
    </IntentLink>
  );
}
