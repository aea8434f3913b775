import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";

import { TooManyTries } from "@/components/ui/too-many-tries";
import { unsubscribeStatus, weeklyDigestStatus } from "@/lib/notifications/preferences";
import { getDb } from "@/lib/platform/db/client";
import { limitTokenGuesses, tokenRefusalMessage } from "@/lib/platform/http/token-guesses";

import { setWeeklyDigestAction } from "./actions";

// One reader's own link: never indexed, never cached.
export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false, follow: false } };

/**
 * The page behind a non-essential message's unsubscribe link. Opening it changes nothing (mail
 * scanners open links); the button posts the same one-click form mail clients send.
 */
export default async function UnsubscribePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  // Wrong tokens count against the visitor's address: past the limit, the page says so instead.
  let status: Awaited<ReturnType<typeof unsubscribeStatus>>;
  const db = await getDb();
  try {
    status = await limitTokenGuesses(
      await headers(),
      () => unsubscribeStatus(db, token),
      (found) => found === "unknown",
    );
  } catch (error) {
    return <TooManyTries message={tokenRefusalMessage(error)} />;
  }
  if (status === "unknown") notFound();
  const digest = await weeklyDigestStatus(db, token);
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Email preferences</h1>
      {status === "unsubscribed" ? (
        <p className="mt-6 text-slate-800" role="status">
          You are unsubscribed. We will not send you follow-ups or other non-essential email. Messages about your bookings, enrolments and
          class reminders still come.
        </p>
      ) : (
        <form method="post" action={`/api/unsubscribe/${encodeURIComponent(token)}`} className="mt-6 space-y-4">
          <p className="text-slate-800">
            Stop follow-ups and other non-essential email to this address? Messages about your bookings, enrolments and class reminders
            still come.
          </p>
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <button type="submit" className="rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700">
            Unsubscribe
          </button>
        </form>
      )}
      {status === "subscribed" ? (
        <section aria-labelledby="weekly-digest" className="mt-10 rounded-2xl border border-slate-200 p-5">
          <h2 id="weekly-digest" className="text-xl font-bold text-slate-900">
            Weekly digest
          </h2>
          <p className="mt-2 text-slate-800" role="status">
            {digest === "off"
              ? "The weekly digest is off: no Sunday summary of your children's sessions."
              : "The weekly digest is on: every Sunday evening, a summary of your children's sessions of the week, with attendance and the teachers' notes."}
          </p>
          <form action={setWeeklyDigestAction.bind(null, token)} className="mt-4">
            <input type="hidden" name="digest" value={digest === "off" ? "on" : "off"} />
            <button type="submit" className="rounded-lg border border-brand-700 px-5 py-2 font-semibold text-brand-700 hover:bg-brand-50">
              {digest === "off" ? "Turn the weekly digest on" : "Turn the weekly digest off"}
            </button>
          </form>
        </section>
      ) : null}
    </div>
  );
}
