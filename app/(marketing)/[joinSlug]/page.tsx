import { timePicker } from "@/app/(marketing)/book-free-demo/time-picker";
import { notFound } from "next/navigation";

import { DemoRequestForm } from "@/components/forms/demo-request-form";
import { brand, brandLabels, brandRoutes } from "@/lib/platform/brand";
import { toCourseOptions } from "@/lib/courses/options";
import { listCoursesByCategory } from "@/lib/courses/queries";
import { pageMetadata } from "@/lib/platform/seo";

export const revalidate = 300;
// The only page at this level is /join-{slug}; the slug comes from lib/platform/brand.ts.
export const dynamicParams = false;

export function generateStaticParams() {
  return [{ joinSlug: brandRoutes.joinSegment }];
}

export const metadata = pageMetadata({
  title: brandLabels.welcome,
  description: `Join ${brand.name}: book a free demo class for your child, in a 1-on-1 or group class, at a time you pick.`,
  path: brandRoutes.join,
});

/** SPEC 2: /join-{product}, 'Welcome to {product}!' with a demo-request form and a phone alternative. */
export default async function JoinPage({ params }: { params: Promise<{ joinSlug: string }> }) {
  if ((await params).joinSlug !== brandRoutes.joinSegment) notFound();
  // SPEC 7: the course select is filled from the technical category.
  const courses = await listCoursesByCategory("technical");
  return (
    <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 md:grid-cols-2">
      <div>
        <h1 className="text-4xl font-extrabold text-slate-900">{brandLabels.welcome}</h1>
        <p className="mt-4 text-lg text-slate-700">
          Leave your email and we will set up a free demo class with one of our teachers. Tell us whether your child would like 1-on-1
          classes or a small group, or let us suggest what fits.
        </p>
        <div className="mt-8 rounded-2xl bg-brand-50 p-5">
          <h2 className="font-semibold text-slate-900">Rather talk to someone?</h2>
          <p className="mt-1 text-slate-700">
            Call us at{" "}
            <a href={brand.supportPhoneHref} className="font-semibold text-brand-700 underline underline-offset-4">
              {brand.supportPhone}
            </a>{" "}
            and we will help you choose a course.
          </p>
        </div>
      </div>
      <section aria-label="Demo request form" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <DemoRequestForm
          variant="join"
          courses={toCourseOptions(courses, { grouped: false })}
          sourcePage={brandRoutes.join}
          timePicker={timePicker}
        />
      </section>
    </div>
  );
}
