import { IntentLink } from "@/components/ui/intent-link";
import type { ReactNode } from "react";

import { PageSection } from "@/components/marketing/page-section";

/** The closing call to action of a marketing page: book a free demo, or browse courses. */
export function DemoCta({
  title = "Start with a free demo class",
  children,
  showCourses = true,
}: {
  title?: string;
  children: ReactNode;
  showCourses?: boolean;
}) {
  return (
    <PageSection id="demo-cta" title={title} className="mt-12 rounded-3xl bg-brand-50 p-6 sm:p-8">
      <div className="mt-2 max-w-2xl text-slate-700">{children}</div>
      <div className="mt-5 flex flex-wrap gap-3">
        <IntentLink href="/book-free-demo" className="rounded-xl bg-accent-400 px-5 py-3 font-semibold text-slate-900 hover:bg-accent-500">
          Book a free demo
        </IntentLink>
        {showCourses ? (
          <IntentLink
            href="/courses"
            className="rounded-xl border border-slate-400 bg-white px-5 py-3 font-semibold text-slate-800 hover:border-brand-600"
          >
            Explore courses
          </IntentLink>
        ) : null}
      </div>
    </PageSection>
  );
}
