import Link from "next/link";

import { FamilyClassroom } from "@/components/classroom/family-classroom";
import { FamilyBookingsTable } from "@/components/account/family-bookings-table";
import { LearnersManager } from "@/components/account/learners-manager";
import { LeadTable } from "@/components/dashboards/lead-table";
import { LearnerSignInCard } from "@/components/learner/learner-sign-in-card";
import { CalendarFeedLinks } from "@/components/learner/calendar-feed-links";
import { resumeMove } from "@/lib/commerce/transfers/move-resume";
import { listFeeds } from "@/lib/learner-access/feeds";
import { listLearnerSignIns } from "@/lib/learner-access/sign-ins";
import { VerifyEmailNotice } from "@/components/forms/verify-email-notice";
import { requireUser } from "@/lib/platform/auth/session";
import { listLeadsForAccount } from "@/lib/dashboards/lead-lists";
import { listFamilyDemoBookings } from "@/lib/scheduling/family-bookings";
import { listLearners, UNNAMED_CHILD } from "@/lib/scheduling/learners";
import { FALLBACK_TIMEZONE, findUserTimezone } from "@/lib/teachers/profiles";

import { EnrolmentsSection } from "./enrolments-section";
import { HomeworkSection } from "./homework-section";
import { WaitlistSection } from "./waitlist-section";
import { addLearnerAction, removeLearnerAction, resendVerificationEmailAction, updateLearnerAction } from "./actions";
import { renewFamilyFeedAction } from "./calendar-feed-actions";
import { setLearnerSignInAction, turnOffLearnerSignInAction } from "./learner-sign-in-actions";
import { submitReviewAction } from "./review-actions";
import { zonedFormat, zoneLabel } from "@/lib/scheduling/zone-name";

export const metadata = { title: "My courses" };

const learnerActions = { add: addLearnerAction, update: updateLearnerAction, remove: removeLearnerAction };
const signInActions = { set: setLearnerSignInAction, off: turnOffLearnerSignInAction };

export default async function MyCoursesPage({
  searchParams,
}: {
  searchParams?: Promise<Record<string, string | string[] | undefined>>;
} = {}) {
  const user = await requireUser("/my-courses");
  // Reads only: the demos booked with a verified email got their child when the session learnt of
  // the verification (email.verified: lib/reactions/verified-email-demos.ts), and signed-in bookings
  // come with theirs.
  // Requests made with the email show once it is verified; before, only those made signed in (security issue: account squatting).
  const [requests, learners, bookings, storedZone, signIns, feeds, resume] = await Promise.all([
    listLeadsForAccount(user),
    listLearners(user.databaseId),
    listFamilyDemoBookings(user),
    findUserTimezone(user.databaseId),
    listLearnerSignIns(user.databaseId),
    listFeeds(user.databaseId),
    // Back from a top-up started in a move (issue 41): that move, opened again.
    searchParams ? searchParams.then((query) => resumeMove(user.databaseId, query)) : null,
  ]);
  const timezone = storedZone ?? FALLBACK_TIMEZONE;
  const consentDay = zonedFormat(timezone, { dateStyle: "long" });
  return (
    <>
      <h1 className="text-3xl font-extrabold text-slate-900">My courses</h1>
      <p className="mt-2 text-slate-700">
        Every course starts with a free demo class. Here are the demo classes you have booked
        {user.emailVerified ? ` with ${user.email}` : " while signed in"}. Each one&apos;s Join button appears under Your live classes 10
        minutes before it starts; open a booking to move or cancel it. After the demo, choose a class on its course page and pay for the
        seat in your cart.
      </p>
      {user.emailVerified ? null : <VerifyEmailNotice email={user.email} resend={resendVerificationEmailAction} />}

      <section aria-labelledby="my-children" className="mt-8">
        <h2 id="my-children" className="mb-3 text-xl font-bold text-slate-900">
          Your children
        </h2>
        {learners.some((learner) => learner.firstName === UNNAMED_CHILD) ? (
          <p className="mb-3 text-slate-700">
            A child from a demo you booked before signing in is listed as “{UNNAMED_CHILD}”: use Edit to give their first name.
          </p>
        ) : null}
        <LearnersManager learners={learners} actions={learnerActions} />
        {learners.length > 0 ? (
          <div className="mt-6 space-y-3">
            <h3 className="text-lg font-bold text-slate-900">Your children&apos;s own sign-ins</h3>
            <p className="text-slate-700">
              A child signs in at{" "}
              <Link href="/kids" className="font-semibold text-brand-700 underline underline-offset-4">
                the children&apos;s sign-in page
              </Link>{" "}
              to see and join their classes and write to their teachers. They cannot buy anything or change your settings, and you read
              every message in your inbox.
            </p>
            {learners.map((learner) => {
              const signIn = signIns.get(learner.id);
              return (
                <LearnerSignInCard
                  key={learner.id}
                  learner={{ id: learner.id, firstName: learner.firstName }}
                  state={signIn ? { username: signIn.username, kind: signIn.kind, consentOn: consentDay.format(signIn.consentAt) } : null}
                  actions={signInActions}
                />
              );
            })}
          </div>
        ) : null}
      </section>

      <section aria-labelledby="my-demo-bookings" className="mt-10">
        <h2 id="my-demo-bookings" className="mb-1 text-xl font-bold text-slate-900">
          Your demo bookings
        </h2>
        <p className="mb-3 text-sm text-slate-700">
          Times in {zoneLabel(timezone)}.{" "}
          <Link href="/user/edit-profile" className="font-semibold text-brand-700 underline underline-offset-4">
            Change your time zone
          </Link>
        </p>
        <FamilyBookingsTable bookings={bookings} timezone={timezone} />
      </section>

      <EnrolmentsSection userId={user.databaseId} timezone={timezone} resume={resume} />

      <WaitlistSection userId={user.databaseId} timezone={timezone} />

      <FamilyClassroom parentId={user.databaseId} timezone={timezone} reviewAction={submitReviewAction} />

      <HomeworkSection parentId={user.databaseId} timezone={timezone} />

      <section aria-labelledby="my-calendar" className="mt-10">
        <h2 id="my-calendar" className="mb-1 text-xl font-bold text-slate-900">
          Your calendar
        </h2>
        <p className="mb-3 text-sm text-slate-700">
          A private link your calendar app subscribes to: every class and demo, with moved and cancelled sessions kept up to date.
        </p>
        <CalendarFeedLinks
          choices={[
            {
              key: "family",
              label: "the whole family",
              exists: feeds.some((feed) => feed.scope === "family"),
              renew: renewFamilyFeedAction.bind(null, null),
            },
            ...learners.map((learner) => ({
              key: `learner-${learner.id}`,
              label: learner.firstName,
              exists: feeds.some((feed) => feed.scope === "learner" && feed.learnerId === learner.id),
              renew: renewFamilyFeedAction.bind(null, learner.id),
            })),
          ]}
        />
      </section>

      <section aria-labelledby="my-demos" className="mt-10">
        <h2 id="my-demos" className="mb-3 text-xl font-bold text-slate-900">
          Your demo requests
        </h2>
        <LeadTable leads={requests} caption="Your demo requests" showContact={false} />
      </section>
      <p className="mt-8">
        <Link href="/book-free-demo" className="rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
          Book a free demo
        </Link>
      </p>
    </>
  );
}
