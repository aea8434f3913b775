import "@/test/stripe-env";

import { redirect } from "next/navigation";

import { transferEnrolmentAction } from "@/app/(account)/my-courses/enrolment-actions";
import { POST as stripeWebhook } from "@/app/api/webhooks/stripe/route";
import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { moveResumeNotice, moveReturnPath } from "@/lib/commerce/transfers/move-intent";
import { resumeMove } from "@/lib/commerce/transfers/move-resume";
import { balanceOf } from "@/lib/commerce/wallet/ledger";
import { brandRoutes } from "@/lib/platform/brand";
import { actionContext, signedInAs } from "@/test/action-context";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { checkoutSessionEvent, signedDelivery, stripeWebhookHarness } from "@/test/stripe-webhook";
import { newSectionOfSameCourse, orderItemOf, seatOf } from "@/test/transfer-fixtures";

import { topUpAction } from "./actions";

jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());
jest.mock("next/cache", () => ({ revalidatePath: jest.fn(), revalidateTag: jest.fn() }));
jest.mock("next/navigation", () => ({ ...jest.requireActual("next/navigation"), redirect: jest.fn() }));

/**
 * Issue 41: a family short of Cash for a move tops up by card from the move, and Stripe's page sends
 * them back into that move (not to the wallet), where the Cash now covers it and the move goes
 * through. The real actions and webhook; Checkout Sessions go to the local stand-in.
 */
const { db, stripeApi } = stripeWebhookHarness();
const deliver = signedDelivery(stripeWebhook);
afterAll(() => {
  actionContext.user = null;
});

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

/** The Checkout Session the last top-up opened: its top-up and where it returns. */
function lastTopUpSession() {
  const call = stripeApi()
    .requests.filter((r) => r.path === "/v1/checkout/sessions" && r.form.get("metadata[pays]") === "top_up")
    .at(-1)!;
  return { topUpId: call.form.get("metadata[topUpId]")!, success: call.form.get("success_url")!, cancel: call.form.get("cancel_url")! };
}

test("a top-up started from a move returns to that move; paid, the Cash covers it and the move goes through", async () => {
  const from = await newSection(db(), { priceMinor: 10_000 });
  const dearer = await newSectionOfSameCourse(db(), from, { priceMinor: 12_000 });
  const family = await newFamily(db(), 10_000);
  await placeOrder(family.parentId, [{ sectionId: from, learnerId: family.learnerId }]);
  const item = await orderItemOf(db(), family.learnerId);
  signedInAs(family.parentId, "student");
  const moveForm = form({ orderItemId: String(item.id), toSectionId: String(dearer) });

  // Short of Cash: the move names the top-up that lets it through.
  expect(await transferEnrolmentAction(null, moveForm)).toMatchObject({ ok: false, fieldErrors: { topUpAmount: "20.00" } });

  // The top-up from the move: Stripe's page, which returns to the move on /my-courses with the top-up named.
  expect(await topUpAction(null, form({ amount: "20.00", returnTo: moveReturnPath(item.id, dearer) }))).toMatchObject({ ok: true });
  expect(jest.mocked(redirect)).toHaveBeenLastCalledWith(expect.stringMatching(/^https:\/\/checkout\.stripe\.test\//));
  const { topUpId, success, cancel } = lastTopUpSession();
  const back = new URL(success);
  expect(back.pathname).toBe("/my-courses");
  expect(Object.fromEntries(back.searchParams)).toEqual({ move: String(item.id), to: String(dearer), top_up: topUpId });
  expect(cancel).toBe(success);
  const query = Object.fromEntries(back.searchParams);

  // Back before Stripe's confirmation: the move is open again, the top-up being confirmed.
  expect(await resumeMove(family.parentId, query)).toEqual({
    orderItemId: item.id,
    toSectionId: dearer,
    topUp: { amount: "$20.00", status: "pending" },
    balanceMinor: 0,
  });

  // Confirmed: the Cash covers the move, which now goes through and takes it.
  const event = checkoutSessionEvent("checkout.session.completed", {
    referenceId: topUpId,
    metadata: { pays: "top_up", topUpId },
    amount: 2_000,
  });
  expect((await deliver(event)).status).toBe(200);
  const resumed = (await resumeMove(family.parentId, query))!;
  expect(resumed).toMatchObject({ topUp: { amount: "$20.00", status: "paid" }, balanceMinor: 2_000 });
  expect(moveResumeNotice({ ...resumed, differenceMinor: 2_000, learnerName: "Ada" })).toMatchObject({ covered: true });
  expect(await transferEnrolmentAction(null, moveForm)).toMatchObject({ ok: true });
  expect((await seatOf(db(), family.learnerId)).sectionId).toBe(dearer);
  expect(await balanceOf(db(), family.parentId)).toBe(0);

  // Another account's top-up named in the query says nothing to this one.
  const stranger = await newFamily(db());
  expect((await resumeMove(stranger.parentId, query))?.topUp).toBeNull();
});

test("a top-up whose returnTo leads off the site returns to the wallet, as one from the wallet does", async () => {
  const family = await newFamily(db());
  signedInAs(family.parentId, "student");
  for (const returnTo of ["//evil.example/my-courses", "https://evil.example/my-courses?move=1&to=2", "/.//evil.example"]) {
    expect(await topUpAction(null, form({ amount: "20.00", returnTo }))).toMatchObject({ ok: true });
    const { topUpId, success } = lastTopUpSession();
    const back = new URL(success);
    expect(`${back.pathname}${back.search}`).toBe(`${brandRoutes.wallet}?top_up=${topUpId}`);
  }
  // Signed out: refused, nothing opened.
  actionContext.user = null;
  const before = stripeApi().requests.length;
  expect(await topUpAction(null, form({ amount: "20.00", returnTo: moveReturnPath(1, 2) }))).toMatchObject({ ok: false });
  expect(stripeApi().requests.length).toBe(before);
});
