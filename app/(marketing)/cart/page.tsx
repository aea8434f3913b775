import type { Metadata } from "next";
import { IntentLink } from "@/components/ui/intent-link";

import { PageIntro } from "@/components/marketing/page-intro";
import { PageSection } from "@/components/marketing/page-section";
import { brand } from "@/lib/platform/brand";
import { pageMetadata } from "@/lib/platform/seo";

export const metadata: Metadata = {
  ...pageMetadata({
    title: "Your cart",
    description: `Enrollment at ${brand.name} starts with a free demo class; our team then helps you choose a course and schedule.`,
    path: "/cart",
  }),
  // A cart is personal and has nothing to rank for.
  robots: { index: false },
};

const steps = [
  { title: "Book a free demo", text: "Choose your child's grade and a course they are curious about. No payment details needed." },
  { title: "Meet the teacher", text: "Your child takes a live, one-on-one class, and the teacher suggests the right course and level." },
  { title: "Enroll with our help", text: "Our team confirms the course, class type, schedule and price with you before anything is paid." },
];

export default function CartPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <PageIntro title="Your cart">
        <p>
          Your cart is empty, and that is expected: at {brand.name}, enrollment does not start with a checkout. It starts with a free demo
          class, and after it our team helps you enroll in the course that suits your child.
        </p>
      </PageIntro>

      <PageSection id="how-to-enroll" title="How to enroll" className="mt-10">
        <ol className="mt-6 space-y-6">
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-700 font-bold text-white">
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-1 text-slate-700">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </PageSection>

      <div className="mt-10 flex flex-wrap gap-3">
        <IntentLink href="/book-free-demo" className="rounded-xl bg-accent-400 px-5 py-3 font-semibold text-slate-900 hover:bg-accent-500">
          Book a free demo
        </IntentLink>
        <IntentLink
          href="/courses"
          className="rounded-xl border border-slate-400 px-5 py-3 font-semibold text-slate-800 hover:border-brand-600"
        >
          Explore courses
        </IntentLink>
      </div>

      <p className="mt-8 text-slate-700">
        Already had a demo class? Email{" "}
        <a href={`mailto:${brand.supportEmail}`} className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800">
          {brand.supportEmail}
        </a>{" "}
        or call{" "}
        <a href={brand.supportPhoneHref} className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800">
          {brand.supportPhone}
        </a>{" "}
        and we will help you enroll.
      </p>
    </div>
  );
}
