import { IntentLink } from "@/components/ui/intent-link";

import { CATEGORY_LABELS, COURSE_CATEGORIES, type CourseCategory } from "@/lib/platform/constants";

export const CATEGORY_BLURBS: Record<CourseCategory, string> = {
  technical: "Coding, apps, web and AI, from Scratch to Python.",
  academic: "Maths, science and writing that build real understanding.",
  language: "Speak Spanish, French, Mandarin and English with confidence.",
  music: "Piano, guitar, singing, theory and music production.",
  lifestyle: "Chess, art, mindfulness, money skills and cooking.",
};

/** The five course categories of SPEC 1, each linking to its listing. */
export function CategoryLinks() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      {COURSE_CATEGORIES.map((category) => (
        <li key={category}>
          <IntentLink
            href={`/courses/category/${category}`}
            className="block h-full rounded-2xl border border-slate-200 p-5 hover:border-brand-600 hover:shadow-md"
          >
            <span className="text-lg font-bold text-brand-800">{CATEGORY_LABELS[category]}</span>
            <span className="mt-2 block text-sm text-slate-700">{CATEGORY_BLURBS[category]}</span>
          </IntentLink>
        </li>
      ))}
    </ul>
  );
}
