"use server";

import { revalidatePath } from "next/cache";

import { resolvePaymentIssue } from "@/lib/commerce/admin/admin-orders";
import { refundOrderAsAdmin } from "@/lib/commerce/refunds/refunds";
import { adjustWallet } from "@/lib/commerce/wallet/wallet-admin";
import { requireActor } from "@/lib/platform/auth/session";
import { formObject, runAction, type ActionResult } from "@/lib/platform/http/action-result";

/** An admin refunds every seat of an order left unrefunded, with a reason (audited). */
export async function refundOrderAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("admin-refund", async () => {
    const actor = await requireActor("orders.manage");
    const outcome = await refundOrderAsAdmin(actor, formObject(formData));
    revalidatePath("/admin/orders");
    return outcome.message;
  });
}

export async function resolvePaymentIssueAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("resolve-payment-issue", async () => {
    const actor = await requireActor("orders.manage");
    await resolvePaymentIssue(actor, formData.get("issueId"));
    revalidatePath("/admin/orders");
    return "The payment issue is marked resolved.";
  });
}

/** An admin credits or debits an account's wallet with a reason (audited). */
export async function adjustWalletAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("admin-wallet-adjust", async () => {
    const actor = await requireActor("orders.manage");
    const message = await adjustWallet(actor, formObject(formData));
    revalidatePath("/admin/orders");
    return message;
  });
}
