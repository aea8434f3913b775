import { IntentLink } from "@/components/ui/intent-link";

import { DemoCta } from "@/components/marketing/demo-cta";
import { PageIntro } from "@/components/marketing/page-intro";
import { Prose } from "@/components/ui/prose";
import { brand } from "@/lib/platform/brand";
import { mailtoHref } from "@/lib/platform/mailto";
import { pageMetadata } from "@/lib/platform/seo";

export const metadata = pageMetadata({
  title: "Gift a course",
  description: `Give a child live classes in coding, music, languages, academics or life skills. Email the ${brand.name} team and we arrange the gift with you personally.`,
  path: "/gift-a-course",
});

const giftEmail = mailtoHref(brand.supportEmail, {
  subject: "Gift a course",
  body: [
    "Hello,",
    "",
    "I would like to gift a course.",
    "",
    "My name and phone number:",
    "Child's first name and grade:",
    "Course or subject (if known):",
    "1-on-1 or group classes:",
    "Child's parent or guardian (name and email), if not me:",
    "When the gift should start:",
    "",
    "Thank you!",
  ].join("\n"),
});

export default function GiftACoursePage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <PageIntro eyebrow="Gifts" title="Gift a course">
        <p>
          A course is a gift that keeps going long after the wrapping paper: a child who learns to code their first game, play a song on the
          piano or speak a new language. Here is how gifting works at {brand.name} today.
        </p>
      </PageIntro>

      <p className="mt-8 rounded-2xl border border-brand-600 bg-brand-50 p-5 text-slate-800">
        <strong className="font-semibold text-slate-900">Good to know:</strong> there is no online checkout for gifts yet. Our support team
        arranges every gift with you personally by email, and nothing is charged until you have agreed the details.
      </p>

      <Prose className="mt-10">
        <h2>How it works</h2>
        <ol>
          <li>
            <strong>Choose a course, or leave it open.</strong> Browse our <IntentLink href="/courses">courses</IntentLink> for ideas. If
            you are not sure what the child would enjoy, tell us their interests and we will suggest a few.
          </li>
          <li>
            <strong>Email us.</strong> Write to <a href={giftEmail}>{brand.supportEmail}</a> with the subject &ldquo;Gift a course&rdquo;.
            The link opens an email with a short list of what we need: your contact details, the child&apos;s first name and grade, the
            course and, if the child is not yours, their parent&apos;s contact details.
          </li>
          <li>
            <strong>We reply with options.</strong> Our team answers with the available courses and schedules, the price and how to pay. You
            decide whether to go ahead.
          </li>
          <li>
            <strong>The child starts with a free demo class.</strong> Before the course begins, we arrange a free demo class with the
            child&apos;s parent so the teacher and level are a good fit. If the first choice is not right, we can change the course.
          </li>
        </ol>

        <h2>Giving to someone else&apos;s child</h2>
        <p>
          Grandparents, aunts, uncles and family friends are welcome to give a course. To keep children safe and to respect their privacy,
          we arrange classes only with the child&apos;s parent or legal guardian: we contact them, not the child, and we need their
          agreement before the child joins a class. We use their contact details only to arrange the gift. If you want it to be a surprise
          for the child, tell us when you plan to give it and we will time our message to the parent.
        </p>

        <h2>Are you the child&apos;s parent?</h2>
        <p>
          Then you can start straight away: <IntentLink href="/book-free-demo">book a free demo class</IntentLink> for your child, and after
          the class our team will help you enroll in the course that fits.
        </p>

        <h2>Questions?</h2>
        <p>
          Call us at <a href={brand.supportPhoneHref}>{brand.supportPhone}</a> ({brand.supportHours}) or email{" "}
          <a href={giftEmail}>{brand.supportEmail}</a>.
        </p>
      </Prose>

      <DemoCta title="Not sure which course to give?">
        <p>A free demo class is the easiest way to find out what a child enjoys. It is live, one-on-one and without obligation.</p>
      </DemoCta>
    </div>
  );
}
