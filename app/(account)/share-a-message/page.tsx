import Link from "next/link";
import { redirect } from "next/navigation";

import { PageIntro } from "@/components/marketing/page-intro";
import { MessageComposer } from "@/components/messages/message-composer";
import { ThreadList } from "@/components/messages/thread-list";
import { IntentLink } from "@/components/ui/intent-link";
import { Prose } from "@/components/ui/prose";
import { describeFamilyBooking, findThreadOfBooking, listThreads } from "@/lib/messages/threads";
import { brand } from "@/lib/platform/brand";
import { getCurrentUser } from "@/lib/platform/auth/session";
import { mailtoHref } from "@/lib/platform/mailto";
import { pageMetadata } from "@/lib/platform/seo";
import { formatInstantInZone } from "@/lib/scheduling/time";
import { FALLBACK_TIMEZONE, findUserTimezone } from "@/lib/teachers/profiles";

import { startThreadAction } from "../messages/actions";

export const metadata = pageMetadata({
  title: "Share a message",
  description: `Ask your child's ${brand.name} teacher a question or send a thank-you note: messages stay on ${brand.name}, where our support team keeps them safe.`,
  path: "/share-a-message",
});

const feedbackMessage = mailtoHref(brand.supportEmail, { subject: "Feedback" });

/**
 * Issue 28: the inbox. A family's conversations with their children's teachers (a teacher's, and
 * for support and admins every one), and, from "Message the teacher" beside an enrolment or a demo
 * (?booking=<id>), the first message about it (or its thread, when there is one). Signed out: what
 * the page is, and a way in.
 */
export default async function ShareAMessagePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await getCurrentUser();
  const { booking } = await searchParams;
  const bookingId = typeof booking === "string" ? booking : null;
  const returnTo = bookingId ? `/share-a-message?booking=${encodeURIComponent(bookingId)}` : "/share-a-message";
  if (!user) return <SignedOut returnTo={returnTo} />;
  const actor = { id: user.databaseId, email: user.email, role: user.role };
  if (bookingId) {
    const existing = await findThreadOfBooking(actor, bookingId);
    if (existing) redirect(`/messages/${existing}`);
  }
  const [about, threads, zone] = await Promise.all([
    bookingId ? describeFamilyBooking(actor, bookingId) : null,
    listThreads(actor),
    findUserTimezone(user.databaseId),
  ]);
  const formatTime = (instant: Date) => formatInstantInZone(instant, zone ?? FALLBACK_TIMEZONE);
  return (
    <>
      <PageIntro eyebrow="Messages" title="Share a message with your teacher">
        <p>
          Ask a question, share how practice is going or thank a teacher. Every conversation is about one of your children&apos;s classes or
          demos, and stays here on {brand.name}: for children&apos;s safety, contact details are taken out and our support team can read and
          step in.
        </p>
      </PageIntro>
      {bookingId && !about ? (
        <p role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          We could not find that enrolment or demo among yours.
        </p>
      ) : null}
      {about ? (
        <section aria-labelledby="new-message" className="mt-8 rounded-2xl bg-brand-50 p-5">
          <h2 id="new-message" className="text-xl font-bold text-slate-900">
            Write to {about.teacherName}
          </h2>
          <p className="text-slate-700">About {about.title}.</p>
          <MessageComposer action={startThreadAction} bookingId={about.bookingId} label="Your message" submitLabel="Send message" />
        </section>
      ) : null}
      <section aria-labelledby="conversations" className="mt-10">
        <h2 id="conversations" className="mb-3 text-xl font-bold text-slate-900">
          Your conversations
        </h2>
        <ThreadList
          threads={threads}
          formatTime={formatTime}
          showFamily={user.role !== "student"}
          emptyText="No conversations yet. To write to a teacher, use “Message the teacher” beside an enrolment or a demo on My Courses."
        />
        {user.role === "student" ? (
          <p className="mt-3 text-sm text-slate-700">
            Start a conversation from{" "}
            <Link href="/my-courses" className="font-semibold text-brand-700 underline underline-offset-4">
              My Courses
            </Link>
            : each enrolment and demo has a “Message the teacher” link.
          </p>
        ) : null}
      </section>
      <SafetyNotes />
    </>
  );
}

function SignedOut({ returnTo }: { returnTo: string }) {
  return (
    <>
      <PageIntro eyebrow="Messages" title="Share a message with your teacher">
        <p>
          A few kind words mean a lot to a teacher, and a question asked early helps a child. Families write to their children&apos;s
          teachers here, on {brand.name}, about each class or free demo.
        </p>
      </PageIntro>
      <p className="mt-8">
        <Link
          href={`/signin?callbackUrl=${encodeURIComponent(returnTo)}`}
          className="inline-block rounded-xl bg-accent-400 px-5 py-3 font-semibold text-slate-900 hover:bg-accent-500"
        >
          Log in to see your messages
        </Link>
      </p>
      <SafetyNotes />
    </>
  );
}

function SafetyNotes() {
  return (
    <Prose className="mt-10">
      <h2>Safe by design</h2>
      <ul>
        <li>Conversations stay on {brand.name}: email addresses, phone numbers, links and social handles are taken out of messages.</li>
        <li>Our support team can read every conversation and step in, and closes one that is not right for children.</li>
        <li>We email you when a new message is waiting, with a link back here, never with the message itself.</li>
      </ul>
      <h2>Students, this is for you too</h2>
      <p>
        If you want to thank your teacher, go ahead! If you are under 13, please ask a parent to write for you, or write together. Only
        write your first name, and do not include your address, phone number or school.
      </p>
      <h2>Feedback and concerns</h2>
      <p>
        Something we could do better? Tell us at <a href={feedbackMessage}>{brand.supportEmail}</a> with the subject &ldquo;Feedback&rdquo;.
        If you have a concern about a child&apos;s safety or anything that happened in a class, please do not wait: call us at{" "}
        <a href={brand.supportPhoneHref}>{brand.supportPhone}</a> ({brand.supportHours}) or email us straight away.
      </p>
      <p>
        For anything else, our <IntentLink href="/contact">contact page</IntentLink> lists every way to reach us.
      </p>
    </Prose>
  );
}
