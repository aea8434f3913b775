import { WAITLIST_LIMITS } from "@/lib/scheduling/waitlist-schema";
import type { Metadata } from "next";
import Link from "next/link";

import { JoinWaitlistForm } from "@/components/waitlist/join-waitlist-form";
import { WaitlistEntries } from "@/components/waitlist/waitlist-entries";
import { sectionsForCart } from "@/lib/commerce/cart/cart";
import { requireUser } from "@/lib/platform/auth/session";
import { env } from "@/lib/platform/env";
import { listLearners } from "@/lib/scheduling/learners";
import { familyWaitlist } from "@/lib/scheduling/waitlist";
import { FALLBACK_TIMEZONE, findUserTimezone } from "@/lib/teachers/profiles";

import { acceptWaitlistOfferAction, joinWaitlistAction, leaveWaitlistAction } from "./actions";

export const metadata: Metadata = { title: "Join the waitlist" };

type Props = { searchParams: Promise<{ section?: string }> };

/** /waitlist?section=<id>: the waitlist step of a full class (the course page links here). */
export default async function WaitlistPage({ searchParams }: Props) {
  const { section } = await searchParams;
  const sectionId = section && /^\d{1,9}$/.test(section) ? Number(section) : null;
  const user = await requireUser(sectionId ? `/waitlist?section=${sectionId}` : "/waitlist");
  const zone = (await findUserTimezone(user.databaseId)) ?? FALLBACK_TIMEZONE;
  const [found, learners, entries] = await Promise.all([
    sectionId ? sectionsForCart([sectionId], zone) : Promise.resolve([]),
    listLearners(user.databaseId),
    familyWaitlist(user.databaseId, zone, new Date(), sectionId ?? undefined),
  ]);
  const shown = found[0];
  return (
    <>
      <h1 className="text-3xl font-extrabold text-slate-900">Join the waitlist</h1>
      {!shown ? (
        <p role="alert" className="mt-4 rounded-xl bg-red-50 p-4 text-red-800">
          That class does not exist or is not offered.{" "}
          <Link href="/courses" className="font-semibold underline underline-offset-4">
            See the courses
          </Link>
        </p>
      ) : (
        <>
          <section aria-labelledby="waitlist-class" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="waitlist-class" className="text-xl font-bold text-slate-900">
              {shown.courseTitle}
            </h2>
            <p className="mt-1 text-slate-700">With {shown.teacherName}</p>
            <p className="mt-1 text-sm text-slate-700">{shown.schedule}</p>
            <p className="mt-1 text-sm text-slate-700">
              {shown.price} · {shown.seatsLeft > 0 ? `${shown.seatsLeft} seats left` : "Full"}
            </p>
          </section>
          <p className="mt-6 text-slate-700">
            When a seat frees, the first child in line is offered it by email and has {env.WAITLIST_OFFER_HOURS} hours to enrol; then it
            goes to the next. You can leave the list at any time. So that places go to many families, one family holds at most{" "}
            {WAITLIST_LIMITS.perSection} places in line for one class and {WAITLIST_LIMITS.perAccount} in all, and joins with a verified
            email address (the offer comes by email).
          </p>
          {shown.seatsLeft > 0 ? (
            <p className="mt-4">
              This class has a free seat:{" "}
              <Link href={`/cart?add=${shown.sectionId}`} className="font-semibold text-brand-700 underline underline-offset-4">
                enrol instead
              </Link>
              .
            </p>
          ) : learners.length === 0 ? (
            <p className="mt-4 text-slate-700">
              Add your child on{" "}
              <Link href="/my-courses" className="font-semibold text-brand-700 underline underline-offset-4">
                My courses
              </Link>{" "}
              first, then come back here.
            </p>
          ) : (
            <JoinWaitlistForm
              sectionId={shown.sectionId}
              // A child already in line here is not offered again (the server refuses it too).
              learners={learners.filter((learner) => !entries.some((entry) => entry.learnerId === learner.id))}
              action={joinWaitlistAction}
            />
          )}
          <section aria-labelledby="waitlist-places" className="mt-8">
            <h2 id="waitlist-places" className="mb-3 text-xl font-bold text-slate-900">
              Your places in line for this class
            </h2>
            <WaitlistEntries entries={entries} leave={leaveWaitlistAction} enrol={acceptWaitlistOfferAction} />
          </section>
        </>
      )}
    </>
  );
}
