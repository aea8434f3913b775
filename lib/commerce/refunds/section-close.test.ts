import "@/test/stripe-env";

import { and, count, desc, eq } from "drizzle-orm";
import type Stripe from "stripe";

import { auditEvents, bookings, ledgerEntries, orders, outbox, refunds, sections, users } from "@/lib/platform/db/schema/index";
import { storedSectionInput } from "@/test/scheduling-fixtures";
import type { SectionInput } from "@/lib/scheduling/schema";
import { SCHEDULING_MESSAGES } from "@/lib/scheduling/schema";
import { updateSection } from "@/lib/scheduling/sections";
import { addChild, newFamily, newSection } from "@/test/commerce-fixtures";
import { deliverEvents } from "@/test/events";
import { insertActor } from "@/test/fixtures";
import { checkoutSessionEvent, stripeWebhookHarness } from "@/test/stripe-webhook";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { balanceOf } from "@/lib/commerce/wallet/ledger";
import { sectionEnrolmentFor, updateSectionWithRefundsAs } from "./section-close";
import { SECTION_CLOSE_MESSAGES, SECTION_CLOSED_REASON, withdrawalPrompt } from "./section-close-schema";
import { handleStripeEvent } from "@/lib/commerce/payments/webhook";
import { refusal } from "@/test/refusal";

/**
 * Closing (or un-publishing) a section that families paid for does not strand them: it is refused
 * until the person confirms the withdrawal of exactly the learners and amount they were shown; then,
 * with the change, each paid seat is refunded in full the way an admin refund is (wallet part to the
 * wallet, card part to the card), audited, held seats are released, and every family is told.
 */
const { db, stripeApi, deliverCardRefunds } = stripeWebhookHarness();

const PRICE = 12_000;

/** The section editor's input for a section as stored, with another status. */
const withStatus = (sectionId: number, status: SectionInput["status"]) => storedSectionInput(db(), sectionId, { status });

async function teacherOf(sectionId: number) {
  const [row] = await db().select({ teacherId: sections.teacherId }).from(sections).where(eq(sections.id, sectionId));
  return { id: row!.teacherId, email: "teacher@example.com", role: "teacher" as const };
}

const statusOf = async (sectionId: number) =>
  (await db().select({ status: sections.status }).from(sections).where(eq(sections.id, sectionId)))[0]!.status;
const seatStatuses = async (sectionId: number) =>
  (await db().select({ status: bookings.status }).from(bookings).where(eq(bookings.sectionId, sectionId))).map((b) => b.status).sort();
const orderOf = async (orderId: string) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;
const refundsOf = (orderId: string) => db().select().from(refunds).where(eq(refunds.orderId, orderId));
const ledgerRefunds = async (orderId: string) =>
  (
    await db()
      .select({ amountMinor: ledgerEntries.amountMinor })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, "refund")))
  ).reduce((sum, entry) => sum + entry.amountMinor, 0);
const auditOf = (targetType: string, targetId: string | number) =>
  db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, targetType), eq(auditEvents.targetId, String(targetId))));
/** The emails queued for these readers (once the events' handlers have run): [to, subject, has an invite?]. */
async function mailTo(...addresses: string[]) {
  await deliverEvents(db());
  const rows = await db().select({ payload: outbox.payload }).from(outbox).where(eq(outbox.topic, "email"));
  return rows
    .map((row) => row.payload as { to: string; subject: string; text: string; invite?: { method: string } })
    .filter((mail) => addresses.includes(mail.to));
}
const emailOf = async (userId: number) => (await db().select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]!.email;

/** A family's seats, paid from their Cash. */
async function paidFromWallet(sectionId: number, children = 1) {
  const family = await newFamily(db(), PRICE * children);
  const learnerIds = [family.learnerId];
  for (let i = 1; i < children; i += 1) learnerIds.push(await addChild(db(), family.parentId, `Kid${i}`));
  const { orderId } = await placeOrder(
    family.parentId,
    learnerIds.map((learnerId) => ({ sectionId, learnerId })),
  );
  return { ...family, orderId, email: await emailOf(family.parentId) };
}

/** A family's seat paid $30.00 from their Cash and $90.00 by card (Checkout completed). */
async function paidPartlyByCard(sectionId: number) {
  const family = await newFamily(db(), 3_000);
  const { orderId } = await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]);
  await completeCardPayment(orderId, PRICE - 3_000);
  expect((await orderOf(orderId)).status).toBe("paid");
  return { ...family, orderId, email: await emailOf(family.parentId) };
}

function completeCardPayment(orderId: string, amount: number) {
  const event = checkoutSessionEvent("checkout.session.completed", {
    referenceId: orderId,
    metadata: { pays: "order", orderId },
    amount,
    paymentIntent: `pi_${orderId.slice(0, 8)}`,
  });
  return handleStripeEvent(event as unknown as Stripe.Event);
}

describe("closing a section with families in it", () => {
  it("is refused without the confirmation, or with numbers that are not the section's: the message says how many and how much; nothing changes", async () => {
    const sectionId = await newSection(db(), { priceMinor: PRICE });
    const family = await paidFromWallet(sectionId, 2);
    const teacher = await teacherOf(sectionId);
    const shown = { learners: 2, paidMinor: 2 * PRICE, held: 0, delivered: 0, rule: "refund-policy" as const };
    expect(await sectionEnrolmentFor(teacher, sectionId)).toEqual(shown);
    const mailBefore = (await mailTo(family.email)).length;

    for (const status of ["closed", "draft"] as const) {
      const unconfirmed = await refusal(updateSectionWithRefundsAs(teacher, sectionId, await withStatus(sectionId, status), null));
      expect(unconfirmed.message).toBe(SECTION_CLOSE_MESSAGES.mustConfirm(shown));
      expect(unconfirmed.message).toBe(
        "2 learners are enrolled ($240.00 paid). To close this section or make it a draft, confirm that they are withdrawn with a full refund.",
      );
      expect(unconfirmed.fieldErrors).toEqual({ withdrawEnrolled: unconfirmed.message });
    }
    // Confirming other numbers (the page was older than a withdrawal or an enrolment) is refused with today's.
    const stale = await refusal(updateSectionWithRefundsAs(teacher, sectionId, await withStatus(sectionId, "closed"), "1:12000"));
    expect(stale.fieldErrors).toEqual({ withdrawEnrolled: SECTION_CLOSE_MESSAGES.changed(shown) });
    const malformed = await refusal(updateSectionWithRefundsAs(teacher, sectionId, await withStatus(sectionId, "closed"), "yes"));
    expect(malformed.fieldErrors).toEqual({ withdrawEnrolled: SECTION_CLOSE_MESSAGES.confirmationInvalid });

    expect(await statusOf(sectionId)).toBe("open");
    expect(await seatStatuses(sectionId)).toEqual(["confirmed", "confirmed"]);
    expect(await balanceOf(db(), family.parentId)).toBe(0);
    expect(await refundsOf(family.orderId)).toEqual([]);
    expect((await orderOf(family.orderId)).status).toBe("paid");
    expect(await auditOf("order", family.orderId)).toEqual([]);
    expect((await mailTo(family.email)).length).toBe(mailBefore);
  });

  it("once an admin confirms: every seat is cancelled, each refunded in full where it was paid, audited, held seats released, every family told once", async () => {
    const sectionId = await newSection(db(), { priceMinor: PRICE });
    const twins = await paidFromWallet(sectionId, 2);
    const byCard = await paidPartlyByCard(sectionId);
    const checkingOut = await newFamily(db(), 0);
    const pending = await placeOrder(checkingOut.parentId, [{ sectionId, learnerId: checkingOut.learnerId }]);
    expect(pending.status).toBe("pending");
    const admin = await insertActor(db(), "admin");
    const teacher = await teacherOf(sectionId);
    const teacherEmail = await emailOf(teacher.id);
    expect(await sectionEnrolmentFor(admin, sectionId)).toEqual({
      learners: 3,
      paidMinor: 3 * PRICE,
      held: 1,
      delivered: 0,
      rule: "admin-full",
    });

    const saved = await updateSectionWithRefundsAs(admin, sectionId, await withStatus(sectionId, "closed"), `3:${3 * PRICE}`);

    expect(saved.withdrawn).toEqual({ learners: 3, paidMinor: 3 * PRICE, held: 1, delivered: 0, rule: "admin-full" });
    expect(SECTION_CLOSE_MESSAGES.saved(sectionId, saved.withdrawn!)).toBe(
      `Section ${sectionId} is saved. 3 learners were withdrawn and $360.00 refunded.`,
    );
    expect(await statusOf(sectionId)).toBe("closed");
    expect(await seatStatuses(sectionId)).toEqual(["cancelled", "cancelled", "cancelled", "cancelled"]);
    expect(await sectionEnrolmentFor(admin, sectionId)).toBeNull();

    // Wallet-paid: the whole price back in their Cash, as a staff refund with the reason.
    expect(await ledgerRefunds(twins.orderId)).toBe(2 * PRICE);
    expect(await balanceOf(db(), twins.parentId)).toBe(2 * PRICE);
    expect((await refundsOf(twins.orderId)).map((r) => [r.kind, r.reason, r.byId, r.walletMinor, r.cardMinor])).toEqual([
      ["admin", SECTION_CLOSED_REASON, admin.id, PRICE, 0],
      ["admin", SECTION_CLOSED_REASON, admin.id, PRICE, 0],
    ]);
    expect((await orderOf(twins.orderId)).status).toBe("refunded");

    // Partly by card: the Cash part to the wallet, the card part to the card (Stripe), together what was paid.
    const [cardRefund] = await refundsOf(byCard.orderId);
    expect(cardRefund).toMatchObject({ kind: "admin", reason: SECTION_CLOSED_REASON, walletMinor: 3_000, cardMinor: 9_000 });
    expect(await ledgerRefunds(byCard.orderId)).toBe(3_000);
    // Queued with the closing, sent to Stripe by the outbox.
    await deliverCardRefunds();
    const toStripe = stripeApi().requests.filter((r) => r.path === "/v1/refunds" && r.form.get("metadata[orderId]") === byCard.orderId);
    expect(toStripe.map((r) => [r.form.get("amount"), r.form.get("payment_intent"), r.idempotencyKey])).toEqual([
      ["9000", `pi_${byCard.orderId.slice(0, 8)}`, `refund-seat-${cardRefund!.id}`],
    ]);
    expect((await db().select().from(refunds).where(eq(refunds.id, cardRefund!.id)))[0]!.stripeRefundId).toMatch(/^re_/);

    // Audited like an admin refund: who and why, per order; and the closing itself.
    for (const orderId of [twins.orderId, byCard.orderId]) {
      const [audit] = await auditOf("order", orderId);
      expect(audit).toMatchObject({
        actorId: admin.id,
        action: "order.refund",
        details: expect.objectContaining({ reason: SECTION_CLOSED_REASON, sectionId }),
      });
    }
    expect(await auditOf("section", sectionId)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: "section.close",
        details: { status: "closed", learners: 3, paidMinor: 3 * PRICE, held: 1, delivered: 0, rule: "admin-full" },
      }),
    ]);

    // The unfinished card checkout: its seat released, nothing refunded (nothing was paid); the order waits for Stripe.
    expect((await orderOf(pending.orderId)).status).toBe("pending");
    expect(await refundsOf(pending.orderId)).toEqual([]);

    // Each family once: the refund (carrying the calendar CANCEL when it is one seat), one CANCEL per further seat.
    const twinsMail = await mailTo(twins.email);
    expect(twinsMail.map((m) => [m.subject, m.invite?.method ?? null]).sort()).toEqual(
      [
        ["Ada is no longer enrolled in Test course", "CANCEL"],
        ["Class cancelled, refund done: 2 enrolments", null],
        ["Kid1 is no longer enrolled in Test course", "CANCEL"],
      ].sort(),
    );
    const cardMail = await mailTo(byCard.email);
    expect(cardMail.map((m) => [m.subject, m.invite?.method ?? null])).toEqual([
      ["Class cancelled, refund done: Ada, Test course", "CANCEL"],
    ]);
    expect(cardMail[0]!.text).toContain("$30.00 went back to your");
    expect(cardMail[0]!.text).toContain("$90.00 is being refunded to your card");
    expect(await mailTo(await emailOf(checkingOut.parentId))).toEqual([]);
    // The teacher (someone else closed it): one message for the section, no "a learner left" per seat.
    const toTeacher = await mailTo(teacherEmail);
    expect(toTeacher.map((m) => m.subject)).toEqual(["Your section was cancelled: Test course"]);
    expect(toTeacher[0]!.text).toContain("Ada, grade 5");
    expect(toTeacher[0]!.text).toContain("Kid1, grade 4");

    // The held family's payment completes after all: nobody is enrolled and it is given back.
    await completeCardPayment(pending.orderId, PRICE);
    expect((await orderOf(pending.orderId)).status).toBe("refunded");
    expect(await seatStatuses(sectionId)).not.toContain("confirmed");
  });

  it("a teacher closing their own section, or making it a draft: the families are refunded and told; the teacher gets no message", async () => {
    const sectionId = await newSection(db(), { priceMinor: PRICE });
    const family = await paidFromWallet(sectionId);
    const teacher = await teacherOf(sectionId);

    const saved = await updateSectionWithRefundsAs(teacher, sectionId, await withStatus(sectionId, "draft"), `1:${PRICE}`);

    expect(saved.section.status).toBe("draft");
    expect(await balanceOf(db(), family.parentId)).toBe(PRICE);
    expect((await refundsOf(family.orderId)).map((r) => [r.reason, r.byId])).toEqual([[SECTION_CLOSED_REASON, teacher.id]]);
    expect((await mailTo(family.email)).map((m) => m.subject)).toEqual(["Class cancelled, refund done: Ada, Test course"]);
    expect(await mailTo(await emailOf(teacher.id))).toEqual([]);
  });

  it("after sessions were delivered, a teacher's close is refused (the refund policy gives nothing back for them: ask an admin); an admin's refunds in full, audited", async () => {
    const sectionId = await newSection(db(), { priceMinor: PRICE });
    const family = await paidFromWallet(sectionId);
    const teacher = await teacherOf(sectionId);
    const admin = await insertActor(db(), "admin");
    const [seat] = await db().select({ startsAt: bookings.startsAt }).from(bookings).where(eq(bookings.sectionId, sectionId));
    // A week after the seat's first session.
    const later = new Date(seat!.startsAt.getTime() + 7 * 86_400_000);

    // The teacher's form says whom to ask, and offers no box to tick.
    const asTeacher = (await sectionEnrolmentFor(teacher, sectionId, later))!;
    expect(asTeacher).toEqual({ learners: 1, paidMinor: PRICE, held: 0, delivered: 1, rule: "refund-policy" });
    expect(withdrawalPrompt(asTeacher)).toMatchObject({ summary: SECTION_CLOSE_MESSAGES.askAnAdmin(asTeacher), value: "" });
    expect(SECTION_CLOSE_MESSAGES.askAnAdmin(asTeacher)).toContain("one of them has already had sessions");

    // Confirmed or not, the teacher's close refunds nothing and changes nothing.
    for (const confirmation of [null, `1:${PRICE}`]) {
      const refused = await refusal(
        updateSectionWithRefundsAs(teacher, sectionId, await withStatus(sectionId, "closed"), confirmation, later),
      );
      expect(refused.fieldErrors).toEqual({ withdrawEnrolled: SECTION_CLOSE_MESSAGES.askAnAdmin(asTeacher) });
    }
    expect(await statusOf(sectionId)).toBe("open");
    expect(await balanceOf(db(), family.parentId)).toBe(0);
    expect(await refundsOf(family.orderId)).toEqual([]);

    // The admin sees what each family gets, and refunds the full price, audited.
    const asAdmin = (await sectionEnrolmentFor(admin, sectionId, later))!;
    expect(asAdmin).toMatchObject({ delivered: 1, rule: "admin-full" });
    expect(withdrawalPrompt(asAdmin).consequences).toContain("as an admin you refund them in full too");
    await updateSectionWithRefundsAs(admin, sectionId, await withStatus(sectionId, "closed"), `1:${PRICE}`, later);
    expect(await balanceOf(db(), family.parentId)).toBe(PRICE);
    expect((await refundsOf(family.orderId)).map((r) => [r.walletMinor + r.cardMinor, r.byId])).toEqual([[PRICE, admin.id]]);
    expect((await auditOf("order", family.orderId)).map((a) => a.action)).toEqual(["order.refund"]);
    expect((await auditOf("section", sectionId)).map((a) => a.action)).toEqual(["section.close"]);
  });

  it("a section with no live seats closes as before: no confirmation, no refund, no message, no audit", async () => {
    const sectionId = await newSection(db(), { priceMinor: PRICE });
    const gone = await paidFromWallet(sectionId);
    const admin = await insertActor(db(), "admin");
    await db().update(bookings).set({ status: "cancelled" }).where(eq(bookings.sectionId, sectionId));
    const teacher = await teacherOf(sectionId);
    expect(await sectionEnrolmentFor(teacher, sectionId)).toBeNull();
    const [outboxBefore] = await db().select({ n: count() }).from(outbox);

    const saved = await updateSectionWithRefundsAs(teacher, sectionId, await withStatus(sectionId, "closed"), undefined);

    expect(saved).toMatchObject({ section: { status: "closed" }, withdrawn: null });
    expect(await refundsOf(gone.orderId)).toEqual([]);
    expect(await auditOf("section", sectionId)).toEqual([]);
    // No message: the one row is the section's own change (section.saved: the pages that show it expire).
    expect((await db().select({ n: count() }).from(outbox))[0]!.n).toBe(outboxBefore!.n + 1);
    expect((await db().select({ topic: outbox.topic }).from(outbox).orderBy(desc(outbox.id)).limit(1))[0]!.topic).toBe(
      "event:section.saved",
    );
    // Opening it again, and other edits, need nothing either.
    await expect(updateSectionWithRefundsAs(admin, sectionId, await withStatus(sectionId, "open"), undefined)).resolves.toMatchObject({
      section: { status: "open" },
    });
  });

  it("who may close stays as for any edit: another teacher finds no such section, a parent is refused; nothing changes", async () => {
    const sectionId = await newSection(db(), { priceMinor: PRICE });
    const family = await paidFromWallet(sectionId);
    const otherTeacher = await insertActor(db(), "teacher");
    const parent = { id: family.parentId, email: family.email, role: "student" as const };
    const input = await withStatus(sectionId, "closed");

    expect((await refusal(updateSectionWithRefundsAs(otherTeacher, sectionId, input, `1:${PRICE}`))).code).toBe("not-found");
    expect((await refusal(updateSectionWithRefundsAs(parent, sectionId, input, `1:${PRICE}`))).code).toBe("forbidden");
    expect(await sectionEnrolmentFor(otherTeacher, sectionId)).toBeNull();
    expect(await statusOf(sectionId)).toBe("open");
    expect(await balanceOf(db(), family.parentId)).toBe(0);
  });

  it("no other path strands them: a section update that would close it over live seats is refused", async () => {
    const sectionId = await newSection(db(), { priceMinor: PRICE });
    await paidFromWallet(sectionId);
    const error = await refusal(updateSection(sectionId, await withStatus(sectionId, "closed")));
    expect(error.fieldErrors).toEqual({ status: SCHEDULING_MESSAGES.seatsStillBooked(1) });
    expect(await statusOf(sectionId)).toBe("open");
    expect(await seatStatuses(sectionId)).toEqual(["confirmed"]);
  });
});
