"use client";

import { useSelectedLayoutSegments } from "next/navigation";
import type { ReactNode } from "react";

import { CheckEmailNotice } from "./check-email-notice";

/**
 * The route groups whose layout renders the shell itself (components/shell/site-shell.tsx) with the
 * session the server read, so that their header is the role's bar in the HTML. The classroom takes
 * the account shell for grown-ups and the children's for a child (app/(classroom)/layout.tsx): with
 * the public shell around it too, a child's classroom had the site's header and footer as well.
 */
const GROUPS_WITH_OWN_SHELL: ReadonlySet<string> = new Set(["(account)", "(classroom)", "(dashboards)", "(learner)"]);

/**
 * The root layout's header, <main> and footer, for every page but the signed-in groups' (which
 * bring their own). The root layout cannot read the session without making every public page
 * dynamic, so it renders the static shell and steps aside where a group's layout knows better.
 * The 404 page and the forbidden page inside a signed-in group get that group's shell.
 */
export function ShellFrame({ header, footer, children }: { header: ReactNode; footer: ReactNode; children: ReactNode }) {
  const [group] = useSelectedLayoutSegments();
  if (group !== undefined && GROUPS_WITH_OWN_SHELL.has(group)) return children;
  return (
    <>
      {header}
      <main id="main" className="flex-1">
        <CheckEmailNotice />
        {children}
      </main>
      {footer}
    </>
  );
}
