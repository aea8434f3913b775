import { IntentLink } from "@/components/ui/intent-link";

import { PageIntro } from "@/components/marketing/page-intro";
import { PageSection } from "@/components/marketing/page-section";
import { brand } from "@/lib/platform/brand";
import { pageMetadata } from "@/lib/platform/seo";

export const metadata = pageMetadata({
  title: "Contact us",
  description: `Reach the ${brand.name} team by email or phone, ${brand.supportHours}. Questions about courses, demo classes or your account are welcome.`,
  path: "/contact",
});

const linkClass = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800";
const card = { className: "rounded-2xl border border-slate-200 p-6", headingClassName: "text-lg font-bold text-slate-900" };

export default function ContactPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <PageIntro eyebrow="Contact" title="Contact us">
        <p>
          Questions about a course, a demo class or your account? Our support team is happy to help. Write or call us and a real person will
          answer.
        </p>
      </PageIntro>

      <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        <PageSection id="contact-email" title="Email" {...card}>
          <p className="mt-2 text-slate-700">The best way to reach us about anything. We aim to reply within one working day.</p>
          <p className="mt-3 break-words">
            <a href={`mailto:${brand.supportEmail}`} className={linkClass}>
              {brand.supportEmail}
            </a>
          </p>
        </PageSection>

        <PageSection id="contact-phone" title="Phone" {...card}>
          <p className="mt-2 text-slate-700">Talk to our team about courses, schedules and demo classes.</p>
          <p className="mt-3">
            <a href={brand.supportPhoneHref} className={linkClass}>
              {brand.supportPhone}
            </a>
          </p>
        </PageSection>

        <PageSection id="contact-hours" title="Hours" {...card}>
          <p className="mt-2 text-slate-700">{brand.supportHours}.</p>
          <p className="mt-2 text-slate-700">Messages sent outside these hours are answered on the next working day.</p>
        </PageSection>

        <PageSection id="contact-address" title="Address" {...card}>
          <address className="mt-2 text-slate-700 not-italic">{brand.address}</address>
          <p className="mt-2 text-slate-700">All classes take place online; this is our office address for mail.</p>
        </PageSection>
      </div>

      <PageSection id="contact-demo" title="Looking for a class for your child?" className="mt-12 rounded-3xl bg-brand-50 p-6 sm:p-8">
        <p className="mt-2 max-w-2xl text-slate-700">
          The quickest way to start is a free demo class. Choose your child&apos;s grade and the course they are curious about, then pick a
          time from our teachers&apos; open times: the booking is confirmed at once, by email with a calendar invite. No payment details are
          needed.
        </p>
        <p className="mt-5">
          <IntentLink
            href="/book-free-demo"
            className="inline-block rounded-xl bg-accent-400 px-5 py-3 font-semibold text-slate-900 hover:bg-accent-500"
          >
            Book a free demo
          </IntentLink>
        </p>
      </PageSection>

      <PageSection id="contact-more" title="Other ways we can help" className="mt-12 max-w-3xl">
        <ul className="mt-4 list-disc space-y-2 pl-6 text-slate-700">
          <li>
            Want to thank a teacher or tell us how a class went?{" "}
            <IntentLink href="/share-a-message" className={linkClass}>
              Share a message
            </IntentLink>
            .
          </li>
          <li>
            Interested in teaching with {brand.name}? Read about{" "}
            <IntentLink href="/become-a-teacher" className={linkClass}>
              becoming a teacher
            </IntentLink>
            .
          </li>
          <li>
            Questions about your data? Our{" "}
            <IntentLink href="/privacy-policy" className={linkClass}>
              privacy policy
            </IntentLink>{" "}
            explains what we collect and how to ask us to delete it.
          </li>
        </ul>
      </PageSection>
    </div>
  );
}
