import Link from "next/link";

import type { RosterLearner } from "@/lib/commerce/enrolments";

export interface RosterSection {
  id: number;
  courseTitle: string;
  courseSlug: string;
  learners: RosterLearner[];
}

/** Each section's enrolled learners: first name and grade only. */
export function SectionRosters({ sections }: { sections: RosterSection[] }) {
  if (sections.length === 0) return null;
  return (
    <section aria-labelledby="rosters" className="mt-10">
      <h2 id="rosters" className="mb-3 text-xl font-bold text-slate-900">
        Rosters
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {sections.map((section) => (
          <li key={section.id} className="rounded-xl border border-slate-200 p-4">
            <h3 className="font-semibold text-slate-900">
              <Link href={`/courses/${section.courseSlug}`} className="underline-offset-4 hover:underline">
                {section.courseTitle}
              </Link>{" "}
              <span className="font-normal text-slate-700">(section {section.id})</span>
            </h3>
            {section.learners.length === 0 ? (
              <p className="mt-1 text-sm text-slate-700">Nobody enrolled yet.</p>
            ) : (
              <ul className="mt-1 text-sm text-slate-800" aria-label={`Learners in ${section.courseTitle}, section ${section.id}`}>
                {section.learners.map((learner, i) => (
                  <li key={i}>
                    {learner.firstName}, grade {learner.grade}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
