import { IntentLink } from "@/components/ui/intent-link";

import { CourseGrid } from "@/components/courses/course-grid";
import { CategoryLinks } from "@/components/marketing/category-links";
import { GradePicker } from "@/components/marketing/grade-picker";
import { PageSection } from "@/components/marketing/page-section";
import { brand } from "@/lib/platform/brand";
import { listFeaturedCourses } from "@/lib/courses/queries";
import { cachedCourseFacts } from "@/lib/discovery/catalogue-facts";
import { pageMetadata } from "@/lib/platform/seo";

// Static, refreshed from the catalogue every five minutes.
export const revalidate = 300;

export const metadata = pageMetadata({
  title: `${brand.name}: ${brand.tagline}`,
  description: brand.description,
  path: "/",
});

const steps = [
  { title: "Pick a grade", text: "Choose your child's grade and the course that sparks their interest, or tell us you are not sure yet." },
  { title: "Meet a teacher", text: "A vetted teacher runs a free, live demo class and learns how your child likes to learn." },
  { title: "Start learning", text: "Choose one-on-one or small-group classes on a schedule that fits your family." },
];

export default async function HomePage() {
  const [featured, facts] = await Promise.all([listFeaturedCourses(6), cachedCourseFacts()]);
  return (
    <div className="mx-auto max-w-6xl space-y-16 px-4 py-10">
      <section className="grid items-center gap-8 lg:grid-cols-2">
        <div>
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Live classes that make kids <span className="text-brand-700">love learning</span>
          </h1>
          <p className="mt-4 text-lg text-slate-700">
            One-on-one and small-group classes for grades 1 to 12 in coding, maths, languages, music and life skills, taught live by
            teachers who know how children learn.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <IntentLink
              href="/book-free-demo"
              className="rounded-xl bg-accent-400 px-5 py-3 font-semibold text-slate-900 hover:bg-accent-500"
            >
              Book a free demo
            </IntentLink>
            <IntentLink
              href="/courses"
              className="rounded-xl border border-slate-300 px-5 py-3 font-semibold text-slate-800 hover:border-brand-600"
            >
              Explore courses
            </IntentLink>
          </div>
        </div>
        <GradePicker />
      </section>

      <PageSection id="categories" title="Five ways to learn" className="render-when-near">
        <div className="mt-5">
          <CategoryLinks />
        </div>
      </PageSection>

      <PageSection
        id="featured"
        title="Popular courses"
        className="render-when-near"
        action={
          <IntentLink href="/courses" className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
            See all courses
          </IntentLink>
        }
      >
        <div className="mt-5">
          <CourseGrid courses={featured} facts={facts} />
        </div>
      </PageSection>

      <PageSection id="how-it-works" title="How the free demo works" className="render-when-near rounded-3xl bg-brand-50 p-8">
        <ol className="mt-6 grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title}>
              <span className="grid size-9 place-items-center rounded-full bg-brand-700 font-bold text-white">{index + 1}</span>
              <h3 className="mt-3 font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-1 text-sm text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </PageSection>
    </div>
  );
}
