import Link from "next/link";

import type { FormAction } from "@/components/dashboards/action-form";
import { TransferForm, type ResumedMove } from "@/components/commerce/transfer-form";
import { WithdrawConfirmation } from "@/components/commerce/withdraw-confirmation";
import type { EnrolmentView } from "@/lib/commerce/enrolments";
import { moveResumeNotice, type MoveResume } from "@/lib/commerce/transfers/move-intent";

/**
 * The move to open again in this seat's form: the section chosen before the top-up, if it is still
 * one to move to (after the move it is the seat's own, so nothing is resumed), and what to say.
 */
function resumeOf(enrolment: EnrolmentView, resume: MoveResume | null): ResumedMove | null {
  if (!resume || resume.orderItemId !== enrolment.orderItemId) return null;
  const target = enrolment.moveTargets.find((t) => t.sectionId === resume.toSectionId);
  if (!target) return null;
  const notice = moveResumeNotice({
    topUp: resume.topUp,
    balanceMinor: resume.balanceMinor,
    differenceMinor: target.differenceMinor,
    learnerName: enrolment.learnerName,
  });
  return { toSectionId: target.sectionId, notice: notice?.text ?? null, covered: notice?.covered ?? true };
}

/** The family's enrolments: course, child, weekly times and next session in the parent's zone, and Withdraw (confirmed in a dialog that states the refund) while it is refunded. */
export function EnrolmentList({
  enrolments,
  withdraw,
  transfer,
  topUp,
  resume = null,
}: {
  enrolments: EnrolmentView[];
  withdraw: FormAction;
  transfer: FormAction;
  /** A top-up by card, offered where a move costs more than the Cash (absent when card payments are off). */
  topUp?: FormAction;
  /** The move to open again, back from a top-up started in it (issue 41). */
  resume?: MoveResume | null;
}) {
  if (enrolments.length === 0) {
    return (
      <p className="text-slate-700">
        No enrolments yet. Find a class on a{" "}
        <Link href="/courses" className="font-semibold text-brand-700 underline underline-offset-4">
          course page
        </Link>{" "}
        and add a seat to your cart.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
      {enrolments.map((enrolment) => (
        <li key={enrolment.orderItemId} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <p className="font-semibold text-slate-900">
              <Link href={`/courses/${enrolment.courseSlug}`} className="underline-offset-4 hover:underline">
                {enrolment.courseTitle}
              </Link>{" "}
              <span className="font-normal text-slate-700">for {enrolment.learnerName}</span>
            </p>
            <p className="text-sm text-slate-700">{enrolment.schedule}</p>
            <p className="text-sm text-slate-700">Next session: {enrolment.nextSession ?? "none left"}</p>
            {enrolment.sessionChanges.length > 0 ? (
              <ul aria-label={`Schedule changes for ${enrolment.learnerName}`} className="mt-1 list-disc pl-5 text-sm text-amber-900">
                {enrolment.sessionChanges.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
            <p className="text-sm">
              <Link
                href={`/share-a-message?booking=${enrolment.bookingId}`}
                className="font-semibold text-brand-700 underline underline-offset-4"
              >
                Message the teacher
                <span className="sr-only">
                  {" "}
                  about {enrolment.courseTitle} for {enrolment.learnerName}
                </span>
              </Link>
            </p>
            <p className="text-sm text-slate-700">
              {enrolment.canWithdraw
                ? `Withdraw with a full refund until ${enrolment.refundableUntil}.`
                : `The refund window closed on ${enrolment.refundableUntil}.`}
            </p>
            {enrolment.moveTargets.length > 0 ? (
              <TransferForm
                orderItemId={enrolment.orderItemId}
                learnerName={enrolment.learnerName}
                courseTitle={enrolment.courseTitle}
                targets={enrolment.moveTargets}
                transfer={transfer}
                topUp={topUp}
                resume={resumeOf(enrolment, resume)}
              />
            ) : null}
          </div>
          {enrolment.canWithdraw && enrolment.refundPreview ? (
            <WithdrawConfirmation
              orderItemId={enrolment.orderItemId}
              learnerName={enrolment.learnerName}
              courseTitle={enrolment.courseTitle}
              refundPreview={enrolment.refundPreview}
              refundableUntil={enrolment.refundableUntil}
              withdraw={withdraw}
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
