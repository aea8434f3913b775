import { IntentLink } from "@/components/ui/intent-link";

import { PageSection } from "@/components/marketing/page-section";
import { GRADES } from "@/lib/platform/constants";

/** SPEC 2: the home banner 'Book your class' lets a parent pick Grade 1 to 12. */
export function GradePicker() {
  return (
    <PageSection
      id="book-your-class"
      title="Book your class"
      className="rounded-3xl bg-brand-700 px-6 py-8 text-white"
      headingClassName="text-2xl font-bold"
    >
      <p className="mt-1 text-brand-100">Pick your child&apos;s grade to book a free demo class.</p>
      <ul className="mt-5 grid grid-cols-3 gap-3 sm:grid-cols-4">
        {GRADES.map((grade) => (
          <li key={grade}>
            <IntentLink
              href={`/book-free-demo/${grade}`}
              className="block whitespace-nowrap rounded-xl bg-white px-2 py-3 text-center text-sm font-semibold sm:text-base text-brand-800 hover:bg-accent-400 hover:text-slate-900"
            >
              Grade {grade}
            </IntentLink>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
