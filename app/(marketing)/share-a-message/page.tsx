import { IntentLink } from "@/components/ui/intent-link";

import { PageIntro } from "@/components/marketing/page-intro";
import { PageSection } from "@/components/marketing/page-section";
import { Prose } from "@/components/ui/prose";
import { brand } from "@/lib/platform/brand";
import { mailtoHref } from "@/lib/platform/mailto";
import { pageMetadata } from "@/lib/platform/seo";

export const metadata = pageMetadata({
  title: "Share a message",
  description: `Send a thank-you note or feedback to your ${brand.name} teacher. Email us and we pass your message on.`,
  path: "/share-a-message",
});

const teacherMessage = mailtoHref(brand.supportEmail, {
  subject: "Message for a teacher",
  body: [
    "Teacher's name:",
    "Student's first name:",
    "Course:",
    "",
    "My message:",
    "",
    "",
    "May we share this message (without your surname) on our website? Yes / No",
  ].join("\n"),
});

const feedbackMessage = mailtoHref(brand.supportEmail, { subject: "Feedback" });

export default function ShareAMessagePage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <PageIntro eyebrow="Messages" title="Share a message with your teacher">
        <p>
          A few kind words mean a lot to a teacher. Whether your child just played their first song, finished a tricky project or simply
          enjoys their classes, we would love to pass your message on.
        </p>
      </PageIntro>

      <PageSection id="send" title="Send a message by email" className="mt-10 rounded-3xl bg-brand-50 p-6 sm:p-8">
        <p className="mt-2 text-slate-700">
          Messages reach teachers through our support team. Use the button to open an email that is already addressed to{" "}
          {brand.supportEmail}, with space for the teacher&apos;s name, the student&apos;s first name and the course.
        </p>
        <p className="mt-5">
          <a
            href={teacherMessage}
            className="inline-block rounded-xl bg-accent-400 px-5 py-3 font-semibold text-slate-900 hover:bg-accent-500"
          >
            Email a message for a teacher
          </a>
        </p>
      </PageSection>

      <Prose className="mt-10">
        <h2>What happens next</h2>
        <ul>
          <li>We read every message and pass it on to the teacher you name.</li>
          <li>If you wrote a question, we answer it ourselves or ask the teacher to reply to you through us.</li>
          <li>We publish a message on our website only if you tell us we may, and never with a child&apos;s surname or photo.</li>
        </ul>

        <h2>Students, this is for you too</h2>
        <p>
          If you want to thank your teacher, go ahead! If you are under 13, please ask a parent to send the email for you, or send it
          together. Only write your first name, and do not include your address, phone number or school.
        </p>

        <h2>Feedback and concerns</h2>
        <p>
          Something we could do better? Tell us at <a href={feedbackMessage}>{brand.supportEmail}</a> with the subject
          &ldquo;Feedback&rdquo;. If you have a concern about a child&apos;s safety or anything that happened in a class, please do not
          wait: call us at <a href={brand.supportPhoneHref}>{brand.supportPhone}</a> ({brand.supportHours}) or email us straight away.
        </p>
        <p>
          For anything else, our <IntentLink href="/contact">contact page</IntentLink> lists every way to reach us.
        </p>
      </Prose>
    </div>
  );
}
