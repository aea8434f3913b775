import { IntentLink } from "@/components/ui/intent-link";

import { PageIntro } from "@/components/marketing/page-intro";
import { Prose } from "@/components/ui/prose";
import { brand, brandLabels } from "@/lib/platform/brand";
import { pageMetadata } from "@/lib/platform/seo";
import { refundPolicyText } from "@/lib/commerce/refunds/refund-policy";
import { sessionCreditPolicyText } from "@/lib/commerce/session-credit-policy";
import { SEAT_PRICE_RULE } from "@/lib/scheduling/section-facts";

export const metadata = pageMetadata({
  title: "Terms of Service",
  description: `The terms for using ${brand.name}: accounts, free demo classes, enrollment, conduct in live classes, teachers' content and how to reach us.`,
  path: "/terms-of-service",
});

const EFFECTIVE_DATE = "2026-11-01";
const EFFECTIVE_DATE_TEXT = "November 1, 2026";

export default function TermsOfServicePage() {
  const email = <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <PageIntro eyebrow="Policies" title="Terms of Service">
        <p>
          Effective <time dateTime={EFFECTIVE_DATE}>{EFFECTIVE_DATE_TEXT}</time>. These terms are the agreement between you and {brand.name}{" "}
          for using our website and live classes. Please read them together with our{" "}
          <IntentLink href="/privacy-policy" className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800">
            Privacy Policy
          </IntentLink>
          .
        </p>
      </PageIntro>

      <Prose className="mt-10">
        <h2>1. Using {brand.name}</h2>
        <p>
          {brand.name} connects learners with independent and employed teachers for live online classes, one-on-one or in small groups. By
          using the website, booking a demo class or creating an account, you agree to these terms. If you do not agree, please do not use
          the service.
        </p>

        <h2>2. Who can use the service</h2>
        <ul>
          <li>Accounts must be created by an adult (18 or over) or, for students aged 13 to 17, with a parent&apos;s permission.</li>
          <li>
            Children under 13 may take classes only through an account created and managed by their parent or legal guardian, who gives the
            consent described in our Privacy Policy.
          </li>
          <li>
            A parent or guardian who creates an account for a child accepts these terms for the child and is responsible for the
            child&apos;s use of the service.
          </li>
        </ul>

        <h2>3. Your account</h2>
        <p>
          Give us accurate information and keep it up to date. Keep your password private and do not share your account; you are responsible
          for what happens under it. Tell us straight away at {email} if you think someone else has used it. You can close your account at
          any time from the <IntentLink href="/deleteaccount">delete account</IntentLink> page.
        </p>

        <h2>4. Free demo classes</h2>
        <p>
          A demo class is free. We do not ask for payment details to book one, and attending one does not commit you to enroll. Demo classes
          are subject to teacher availability, and we may limit the number of demo classes per family.
        </p>

        <h2>5. Enrollment, prices and payment</h2>
        <p>
          After a demo class, our team helps you choose a course, a class type and a schedule. Before you pay for anything, we confirm in
          writing the price, the number and length of the classes, the schedule and the cancellation terms that apply. Those confirmed
          details, together with these terms, form your agreement for that course. Where an offer differs from these terms, the written
          offer applies.
        </p>
        <p>
          {brandLabels.cash}, where offered, is credit that can be used only for classes on {brand.name}. It has no cash value, cannot be
          transferred, and is subject to the conditions stated when it is issued.
        </p>

        <h2>6. Scheduling, missed classes and refunds</h2>
        <p>
          Classes happen live at the scheduled time. If you need to reschedule, tell us as early as you can; the notice period and how
          missed classes are handled are part of the terms confirmed at enrollment. If a teacher cannot hold a class, we will offer a
          replacement class or a credit. If you are not satisfied with a course, contact us: we will try to put it right, for example with a
          different teacher, and any refund follows the terms confirmed at enrollment and applicable law.
        </p>

        <h3 id="joining-late">Joining a class that has started</h3>
        <p>{SEAT_PRICE_RULE}</p>

        <h3 id="session-changes">A moved or cancelled session</h3>
        {sessionCreditPolicyText().map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}

        <h3 id="refunds">Withdrawing and refunds</h3>
        {refundPolicyText().map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}

        <h2>7. Safety and conduct in live classes</h2>
        <p>We want every class to be a safe, friendly place to learn. Students, parents and teachers agree not to:</p>
        <ul>
          <li>bully, harass, threaten or discriminate against anyone, or share content that is violent, sexual or hateful;</li>
          <li>
            record, photograph or screenshot a class, or share a class link, without the teacher&apos;s and families&apos; permission;
          </li>
          <li>ask for or share personal contact details, or arrange to meet or to take lessons outside {brand.name};</li>
          <li>disrupt a class or try to access parts of the service or other people&apos;s accounts that are not theirs;</li>
          <li>use the service for anything unlawful.</li>
        </ul>
        <p>
          For young children, we recommend that a parent stays nearby during classes. If you have a safety concern about anything that
          happened in a class, contact us right away at {email} or <a href={brand.supportPhoneHref}>{brand.supportPhone}</a>. We may remove
          anyone from a class, or suspend or close an account, to protect students and teachers.
        </p>

        <h2>8. Teachers</h2>
        <p>
          Teachers on {brand.name} go through our application and review process before they teach, and they agree to our standards for
          child safety and conduct. We do our best to match each student with a good teacher, but we cannot promise specific learning
          results, grades or test scores.
        </p>

        <h2>9. Content and intellectual property</h2>
        <p>
          The website, our course materials and our brand belong to {brand.name} or its teachers and licensors. You may use class materials
          for your own or your child&apos;s learning, but not copy, sell or publish them. Students own the work they create in class; by
          sharing it in a class, they let the teacher and group see it for the purpose of the class. We will not publish a student&apos;s
          work or name without a parent&apos;s permission.
        </p>

        <h2>10. Third-party services</h2>
        <p>
          Some parts of the service rely on other companies, such as our sign-in provider, the video platform used for classes and, if you
          accept cookies, analytics and support tools. Their services are covered by their own terms, and we are not responsible for them.
          Links to other websites are provided for convenience only.
        </p>

        <h2>11. Disclaimers and limits of liability</h2>
        <p>
          We provide the service with reasonable skill and care, but we cannot promise that it will always be available or free of errors,
          and live classes depend on your internet connection and equipment. To the extent the law allows, {brand.name} is not liable for
          indirect or consequential losses, and our total liability to you for any claim is limited to the amount you paid us for the course
          the claim relates to in the 12 months before it arose. Nothing in these terms limits rights that you have under consumer
          protection law and that cannot be waived.
        </p>

        <h2>12. Ending the agreement</h2>
        <p>
          You can stop using the service and close your account at any time. We may suspend or close an account that breaks these terms,
          after giving notice where that is reasonable. Terms that by their nature should continue, such as those on content and liability,
          continue after an account is closed.
        </p>

        <h2>13. Disputes and governing law</h2>
        <p>
          If something goes wrong, please contact us first at {email}; most problems can be solved quickly that way. These terms are
          governed by the laws of the United States and of the state where {brand.name} has its principal place of business, without
          affecting any mandatory consumer protection of the state where you live.
        </p>

        <h2>14. Changes to these terms</h2>
        <p>
          We may update these terms as the service changes. We will post the new version here with a new effective date and, for significant
          changes, tell account holders by email before the changes take effect. Courses you have already paid for stay under the terms
          confirmed when you enrolled.
        </p>

        <h2>15. Contact</h2>
        <p>
          {brand.name}, {brand.address}. Email {email} or call <a href={brand.supportPhoneHref}>{brand.supportPhone}</a>,{" "}
          {brand.supportHours}.
        </p>
      </Prose>
    </div>
  );
}
