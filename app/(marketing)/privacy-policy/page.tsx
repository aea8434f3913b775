import { IntentLink } from "@/components/ui/intent-link";

import { PageIntro } from "@/components/marketing/page-intro";
import { Prose } from "@/components/ui/prose";
import { brand, brandLabels } from "@/lib/platform/brand";
import { COOKIE_CONSENT_MAX_AGE_DAYS } from "@/lib/platform/constants";
import { pageMetadata } from "@/lib/platform/seo";
import { plural, RETENTION } from "@/lib/privacy/config";

export const metadata = pageMetadata({
  title: "Privacy Policy",
  description: `How ${brand.name} collects, uses and protects information about parents, students and visitors, including our practices for children under 13 (COPPA).`,
  path: "/privacy-policy",
});

// Rendered per request, so the periods stated are the running configuration's, the job's (not the build's).
export const dynamic = "force-dynamic";

const EFFECTIVE_DATE = "2026-11-01";
const EFFECTIVE_DATE_TEXT = "November 1, 2026";

const sections = [
  { id: "who-we-are", title: "Who we are" },
  { id: "children", title: "Children's privacy" },
  { id: "what-we-collect", title: "Information we collect" },
  { id: "cookies", title: "Cookies and optional tools" },
  { id: "how-we-use", title: "How we use information" },
  { id: "sharing", title: "How we share information" },
  { id: "retention", title: "How long we keep information" },
  { id: "security", title: "Security" },
  { id: "your-rights", title: "Your choices and rights" },
  { id: "changes", title: "Changes to this policy" },
  { id: "contact", title: "Contact us" },
] as const;

export default function PrivacyPolicyPage() {
  const email = <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <PageIntro eyebrow="Policies" title="Privacy Policy">
        <p>
          Effective <time dateTime={EFFECTIVE_DATE}>{EFFECTIVE_DATE_TEXT}</time>. This policy explains what information {brand.name}{" "}
          collects when you use our website and live classes, why we collect it, and the choices you have. We wrote it to be read by
          parents, not just lawyers.
        </p>
      </PageIntro>

      <nav aria-labelledby="toc" className="mt-8 rounded-2xl border border-slate-200 p-5">
        <h2 id="toc" className="text-sm font-semibold uppercase tracking-wide text-slate-800">
          On this page
        </h2>
        <ol className="mt-3 list-inside list-decimal gap-x-8 space-y-1 text-sm sm:columns-2">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-brand-700 underline underline-offset-4 hover:text-brand-800">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <Prose className="mt-10">
        <h2 id="who-we-are">1. Who we are</h2>
        <p>
          {brand.name} is an online marketplace for live classes, one-on-one or in small groups, for school-age children and other learners
          in the United States. In this policy, &ldquo;{brand.name}&rdquo;, &ldquo;we&rdquo; and &ldquo;us&rdquo; mean the company that runs
          the service, at {brand.address}. &ldquo;You&rdquo; means anyone who visits our website, books a demo class or holds an account,
          including parents and guardians acting for their children.
        </p>

        <h2 id="children">2. Children&apos;s privacy</h2>
        <p>
          Most of our students are children, so we follow the Children&apos;s Online Privacy Protection Act (COPPA) and design our service
          around parents.
        </p>
        <ul>
          <li>
            <strong>Parents sign up and consent.</strong> Our website, demo booking and enrollment are meant for parents and legal
            guardians. If a student is under 13, a parent must create and manage the account. Before a child under 13 takes part in a class,
            we ask the parent for consent to collect the child&apos;s information described below, and we confirm it with the parent by
            email or phone during booking and enrollment.
          </li>
          <li>
            <strong>What we collect about a child.</strong> The child&apos;s first name, grade, the courses they take, their attendance and
            the teacher&apos;s notes on their progress, and any work they choose to share in class. During a live class the child&apos;s
            video, audio and chat are transmitted so the teacher and group can see and hear them. We do not record classes unless we tell
            you in advance and you agree.
          </li>
          <li>
            <strong>We collect only what the class needs.</strong> A child never has to give more information than is reasonably necessary
            to take part in a class.
          </li>
          <li>
            <strong>No advertising to children.</strong> We do not sell children&apos;s personal information, do not use it for targeted or
            behavioral advertising, and do not make children&apos;s profiles public. We contact the parent, not the child, about scheduling,
            enrollment and payments.
          </li>
          <li>
            <strong>Parents stay in control.</strong> A parent can ask us at any time to show them the information we hold about their
            child, to correct or delete it, and to stop collecting it. Write to {email}. We will confirm that you are the child&apos;s
            parent or guardian before acting on the request. If you withdraw consent, your child will no longer be able to attend classes.
          </li>
        </ul>
        <p>
          If we learn that we have collected personal information from a child under 13 without a parent&apos;s consent, we will delete it
          promptly. If you believe this has happened, please tell us at {email}.
        </p>

        <h2 id="what-we-collect">3. Information we collect</h2>
        <h3>Account information</h3>
        <p>
          When you create an account we collect your name, email address and password. Passwords are handled by our identity provider
          (Google Firebase Authentication) and are never stored by us in readable form. If you sign in with a social account, we receive
          your name, email address and profile photo from that provider. We also store your role on the platform (student, teacher, admin or
          support).
        </p>
        <h3>Demo requests</h3>
        <p>
          When you book a free demo class or fill in our join form, we collect your email address and, if you choose to give them, your
          name, phone number, the course you are interested in, your preferred class type (one-on-one, group or either), your child&apos;s
          grade and any message you write. We also record which page the request came from and when it was sent, so that our team can follow
          up.
        </p>
        <h3>Classes and your account</h3>
        <p>
          We keep records of the courses and classes booked, schedules, attendance, teacher notes and, where offered, your{" "}
          {brandLabels.cash} balance and its transactions.
        </p>
        <h3>Messages to us</h3>
        <p>
          When you email or call us, or send a message for a teacher, we keep the message and our reply so we can help you and improve our
          service.
        </p>
        <h3>Technical information</h3>
        <p>
          Like most websites, our servers receive your IP address, browser and device type and the pages you request. We keep a log of
          important events, such as signing in and out and submitting a form, with the page address and, if you are signed in, your account
          ID. We use this log to keep accounts secure, investigate problems and understand how the service is used.
        </p>

        <h2 id="cookies">4. Cookies and optional tools</h2>
        <p>We use two cookies that the website needs in order to work, and which are set without asking:</p>
        <ul>
          <li>a session cookie that keeps you signed in (it is signed, cannot be read by scripts, and ends when you sign out);</li>
          <li>a cookie that remembers that you accepted our cookie banner, for {COOKIE_CONSENT_MAX_AGE_DAYS} days.</li>
        </ul>
        <p>
          Everything else is optional and loads <strong>only after you accept cookies</strong> by selecting &ldquo;I Understand&rdquo; on
          our cookie banner. Depending on the tools we use at the time, this may include: analytics that measure page views and how features
          are used (including an identifier kept in your browser&apos;s local storage and your IP address); a chat and support widget;
          session recording and heatmaps that show us how pages are used so we can fix confusing ones; a pop-up tool; advertising
          measurement that tells us whether our ads to parents work; and the {brandLabels.gpt} assistant. These providers process the
          information on our behalf and under their own privacy terms.
        </p>
        <p>
          To withdraw your consent, clear the cookies and site data for our website in your browser. The banner will appear again, and the
          optional tools will not load until you accept again.
        </p>

        <h2 id="how-we-use">5. How we use information</h2>
        <ul>
          <li>to arrange demo classes and contact you about them, usually within 24 hours of your request;</li>
          <li>to create and secure your account and let you sign in;</li>
          <li>to match students with teachers, run classes and share progress with parents;</li>
          <li>to answer your questions and pass your messages to teachers;</li>
          <li>to keep the service safe, prevent fraud and abuse, and meet our legal obligations;</li>
          <li>with your consent, to measure and improve our website and our advertising to parents;</li>
          <li>
            to send parents news about courses, if they have not opted out. Every marketing email has an unsubscribe link, and we never send
            marketing to children.
          </li>
        </ul>

        <h2 id="sharing">6. How we share information</h2>
        <p>
          <strong>We do not sell personal information.</strong> We share it only:
        </p>
        <ul>
          <li>with your child&apos;s teacher, who sees what they need to teach the class;</li>
          <li>
            with service providers who run parts of our service for us, such as hosting, databases, identity and sign-in, email, customer
            support and, with your consent, analytics. They may use the information only to provide their service to us;
          </li>
          <li>when the law requires it, or to protect the safety of a child or anyone else;</li>
          <li>
            with a company that acquires all or part of our business, which must continue to protect the information as this policy
            describes.
          </li>
        </ul>
        <p>
          Our providers may process information in the United States and in other countries where they operate, with safeguards required by
          law.
        </p>

        <h2 id="retention">7. How long we keep information</h2>
        <ul>
          <li>Account and class records: for as long as the account is open, and deleted within 30 days after it is closed.</li>
          {/* The same configuration the daily retention job reads (lib/privacy/config.ts). */}
          <li>
            Demo requests that do not lead to enrollment: {plural(RETENTION.leadMonths, "month")} after our last contact with you, then
            deleted.
          </li>
          <li>Event logs: {plural(RETENTION.eventMonths, "month")}, then deleted.</li>
          <li>
            Files handed in as homework (photos and PDF files): {plural(RETENTION.homeworkFileMonths, "month")} after they were handed in,
            then deleted. The answer, the teacher&apos;s feedback and marks stay with the account until it is closed.
          </li>
          <li>
            IP addresses and browser details stored with demo requests and event logs: {plural(RETENTION.networkDataDays, "day")}, then
            erased.
          </li>
          <li>Copies of a demo request sent to our partners&apos; systems are erased from ours as soon as they are delivered.</li>
          <li>
            Conversations between a family and a teacher that our safety team needs (a message our screening flagged or support hid, or a
            conversation a safety report is about): when the family closes its account, such a conversation is kept without the
            family&apos;s name or the child&apos;s for {plural(RETENTION.keptConversationMonths, "month")}, read only by our safety team,
            then deleted. The family&apos;s other conversations are deleted with the account.
          </li>
          <li>
            Conversations with a teacher who closes their account: the families keep their side, the teacher shown as a former teacher, for{" "}
            {plural(RETENTION.keptConversationMonths, "month")} after the teacher&apos;s account is closed, then deleted.
          </li>
        </ul>
        <p>
          We may keep some records longer where the law requires it (for example, tax and payment records) or to resolve a dispute, and only
          for that purpose.
        </p>

        <h2 id="security">8. Security</h2>
        <p>
          We use encrypted connections (HTTPS), keep passwords with our identity provider rather than in our own database, limit access to
          personal information to staff who need it for their work, and review that access. No system is perfectly secure; if a breach
          affects your information, we will tell you as the law requires.
        </p>

        <h2 id="your-rights">9. Your choices and rights</h2>
        <ul>
          <li>
            <strong>See and correct your information.</strong> You can update your name and password from your account, or ask us for a copy
            of the information we hold about you.
          </li>
          <li>
            <strong>Delete your account.</strong> Use the <IntentLink href="/deleteaccount">delete account</IntentLink> page, or write to
            us.
          </li>
          <li>
            <strong>Stop marketing emails.</strong> Use the unsubscribe link in any of them.
          </li>
          <li>
            <strong>Turn off optional tools.</strong> Clear our cookies as described above, or do not accept them.
          </li>
        </ul>
        <p>
          Depending on the state you live in (for example California, Colorado, Connecticut, Virginia or Texas), you may have additional
          rights to know, access, correct or delete personal information, and to opt out of targeted advertising. To use any of these
          rights, write to {email}. We will confirm your identity, answer within the time the law allows, and never treat you differently
          for using your rights. If we decline a request, you can appeal by replying to our answer.
        </p>

        <h2 id="changes">10. Changes to this policy</h2>
        <p>
          If we change this policy, we will post the new version here with a new effective date. If a change affects how we use information
          we already hold about children, or is otherwise significant, we will tell account holders by email and, where the law requires,
          ask for consent again.
        </p>

        <h2 id="contact">11. Contact us</h2>
        <p>
          Questions or requests about privacy: email {email}, call <a href={brand.supportPhoneHref}>{brand.supportPhone}</a> (
          {brand.supportHours}), or write to {brand.name}, {brand.address}.
        </p>
      </Prose>
    </div>
  );
}
