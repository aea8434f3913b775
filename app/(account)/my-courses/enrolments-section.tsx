import Link from "next/link";

import { EnrolmentList } from "@/components/commerce/enrolment-list";
import { topUpAction } from "@/app/(account)/user/[walletSlug]/actions";
import { listEnrolments } from "@/lib/commerce/enrolments";
import { isCardPaymentAvailable } from "@/lib/commerce/payments/stripe";
import type { MoveResume } from "@/lib/commerce/transfers/move-intent";

import { transferEnrolmentAction, withdrawEnrolmentAction } from "./enrolment-actions";
import { zoneLabel } from "@/lib/scheduling/zone-name";

/** Issue 18's part of /my-courses, self-contained: the family's paid seats, each with Withdraw while refundable. */
export async function EnrolmentsSection({ userId, timezone, resume }: { userId: number; timezone: string; resume?: MoveResume | null }) {
  const enrolments = await listEnrolments(userId, timezone);
  return (
    <section aria-labelledby="my-enrolments" className="mt-10">
      <h2 id="my-enrolments" className="mb-1 text-xl font-bold text-slate-900">
        Your enrolments
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        Times in {zoneLabel(timezone)}. Our{" "}
        <Link href="/terms-of-service#refunds" className="font-semibold text-brand-700 underline underline-offset-4">
          refund policy
        </Link>{" "}
        says when a withdrawal is refunded.
      </p>
      <EnrolmentList
        enrolments={enrolments}
        withdraw={withdrawEnrolmentAction}
        transfer={transferEnrolmentAction}
        topUp={isCardPaymentAvailable() ? topUpAction : undefined}
        resume={resume ?? null}
      />
    </section>
  );
}
