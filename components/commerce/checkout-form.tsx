"use client";

import { useRouter } from "next/navigation";
import { useActionState, type ReactNode } from "react";

import { toastError } from "@/browser/toast";

/** The checkout's answer: on success, where to go next (the order's confirmation, or Stripe's page). */
type CheckoutAnswer = { ok: true; message: string; next?: string } | { ok: false; message: string; fieldErrors?: Record<string, string> };
export type CheckoutFormAction = (previous: CheckoutAnswer | null, formData: FormData) => Promise<CheckoutAnswer>;

/**
 * The cart's pay button. The action answers the next address rather than redirecting (a redirect
 * makes the server render that page inside the action's answer): the confirmation is a page of
 * this site, opened by the router; Stripe Checkout is another site, opened by the browser. A
 * refusal (full, not enough credit, a changed total) shows as a toast and beside the button, and the
 * cart is shown again as it now is.
 */
export function CheckoutForm({ action, children, className }: { action: CheckoutFormAction; children: ReactNode; className?: string }) {
  const router = useRouter();
  const [result, formAction, isPending] = useActionState(async (previous: CheckoutAnswer | null, formData: FormData) => {
    const answer = await action(previous, formData);
    if (!answer.ok) {
      void toastError(answer.message);
      // The cart as it is now (a new total, a full class marked), beside the message.
      router.refresh();
    } else if (answer.next?.startsWith("/")) {
      // Replaced, not pushed: Back after paying does not return to a cart with a live Pay button.
      router.replace(answer.next);
    } else if (answer.next) window.location.assign(answer.next);
    return answer;
  }, null);
  // Paid: the button stays disabled while the confirmation loads, so the cart is not paid twice.
  const isLeaving = result?.ok === true && Boolean(result.next);
  return (
    <form action={formAction} className={className} aria-busy={isPending || isLeaving}>
      <fieldset disabled={isPending || isLeaving} className="contents">
        {children}
      </fieldset>
      <p role="status" className={result && !result.ok ? "mt-2 text-sm font-medium text-red-700" : "sr-only"}>
        {result && !result.ok ? result.message : ""}
      </p>
    </form>
  );
}
