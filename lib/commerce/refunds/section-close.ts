import "server-only";

import { and, asc, eq } from "drizzle-orm";

import { recordAudit } from "@/lib/audit/audit";
import { can, type Actor } from "@/lib/platform/auth/permissions";
import { getDb, type Transaction } from "@/lib/platform/db/client";
import { bookings, orderItems, orders } from "@/lib/platform/db/schema/index";
import { AppError } from "@/lib/platform/errors";
import { emit } from "@/lib/platform/events/events";
import { parseInput } from "@/lib/platform/http/responses";
import { holdsNoClasses, sectionSchema, type SectionInput } from "@/lib/scheduling/schema";
import { checkMayUpdateSection, findSectionForEdit } from "@/lib/scheduling/section-admin";
import { WITHDRAW_FIELD } from "@/lib/scheduling/section-form";
import { sectionRowValues, updateSectionIn, type SectionRow } from "@/lib/scheduling/sections";
import { handOverUnheldSessions } from "@/lib/commerce/seats/entitlements";
import { lockAndCreditRemovedSessions, refuseTakingPaidSessions } from "@/lib/commerce/seats/schedule-edits";
import { isLiveSeat } from "@/lib/scheduling/slots";

import { sectionClosed } from "@/lib/commerce/events";
import { lockWallet } from "@/lib/commerce/wallet/ledger";
import { lockOrder, type OrderRow } from "@/lib/commerce/checkout/orders";
import { emitStaffRefund, refundSeatsAsStaff, unrefundedSeats } from "./refunds";
import {
  needsAnAdmin,
  SECTION_CLOSE_MESSAGES,
  SECTION_CLOSED_REASON,
  withdrawalConfirmationSchema,
  type CloseRefundRule,
  type SectionEnrolment,
} from "./section-close-schema";
import { lockSections, moveSeats } from "@/lib/commerce/seats/seats";

/** A live seat of the section with the order it was bought in. */
interface LiveSeat {
  bookingId: string;
  status: "held" | "confirmed";
  itemId: number;
  orderId: string;
  userId: number;
  priceMinor: number;
  /** The seat's first session: once started, sessions have been delivered. */
  firstStartsAt: Date;
}

async function liveSeatsOf(tx: Pick<Transaction, "select">, sectionId: number): Promise<LiveSeat[]> {
  const rows = await tx
    .select({
      bookingId: bookings.id,
      status: bookings.status,
      itemId: orderItems.id,
      orderId: orderItems.orderId,
      userId: orders.userId,
      priceMinor: orderItems.priceMinor,
      firstStartsAt: bookings.startsAt,
    })
    .from(bookings)
    .innerJoin(orderItems, eq(orderItems.bookingId, bookings.id))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(bookings.sectionId, sectionId), isLiveSeat))
    .orderBy(asc(orderItems.id));
  return rows.map((row) => ({ ...row, status: row.status === "held" ? "held" : "confirmed" }));
}

/** An admin may refund a closed section in full (the power the permissions keep for admins); anyone else by the refund policy. */
const closeRuleOf = (actor: Actor): CloseRefundRule => (can(actor.role, "orders.manage") ? "admin-full" : "refund-policy");

function enrolmentOf(seats: LiveSeat[], rule: CloseRefundRule, now: Date): SectionEnrolment {
  const paid = seats.filter((seat) => seat.status === "confirmed");
  return {
    learners: paid.length,
    paidMinor: paid.reduce((sum, seat) => sum + seat.priceMinor, 0),
    held: seats.length - paid.length,
    delivered: paid.filter((seat) => seat.firstStartsAt.getTime() <= now.getTime()).length,
    rule,
  };
}

/** What closing this section would withdraw and refund, for the form to say before the person confirms (null: no live seat). */
export async function sectionEnrolmentFor(actor: Actor | null, sectionId: number, now = new Date()): Promise<SectionEnrolment | null> {
  const section = await findSectionForEdit(actor, sectionId);
  if (!section || !actor) return null;
  const seats = await liveSeatsOf(await getDb(), sectionId);
  return seats.length === 0 ? null : enrolmentOf(seats, closeRuleOf(actor), now);
}

export interface SectionSaved {
  section: SectionRow;
  /** What was withdrawn and refunded when the section was closed with live seats; null otherwise. */
  withdrawn: SectionEnrolment | null;
}

/** Distinct, in one order for every closing (locks taken in a fixed order cannot wait on each other in a circle). */
const inLockOrder = <T extends number | string>(values: T[]) => [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * Saves a section as its teacher or an admin (checkMayUpdateSection: who may, as today). Closing it
 * or making it a draft with live seats needs the person's confirmation of exactly what they were
 * shown (learners and amount paid), and, for a teacher, that no paid seat has had a session yet
 * (the refund policy; an admin may refund those too); then, in one transaction with the change, every paid seat is
 * refunded in full as a staff refund ("Section closed", audited per order), every held seat of an
 * unfinished card checkout is released, and each family hears once. Without confirmation, or if
 * the seats changed since, nothing changes and the form shows the numbers as they are now.
 */
export async function updateSectionWithRefundsAs(
  actor: Actor | null,
  id: number,
  input: SectionInput,
  confirmation: unknown,
  now = new Date(),
): Promise<SectionSaved> {
  const staff = await checkMayUpdateSection(actor, id, input);
  const { status } = parseInput(sectionSchema, input);
  const confirmed = parseInput(withdrawalConfirmationSchema, { [WITHDRAW_FIELD]: confirmation })[WITHDRAW_FIELD];
  if (!holdsNoClasses(status)) {
    const next = sectionRowValues(input);
    return (await getDb()).transaction(async (tx) => {
      // Only an admin's edit may take away sessions families paid for, and it credits each of them at its recorded value.
      if (closeRuleOf(staff) === "admin-full") await lockAndCreditRemovedSessions(tx, id, next, now);
      else {
        await lockSections(tx, [id]);
        await refuseTakingPaidSessions(tx, id, next, now);
      }
      const section = await updateSectionIn(tx, id, input);
      // A section handed to another teacher: the sessions not yet held go with it; those held stay earned by who taught them.
      await handOverUnheldSessions(tx, id, section.teacherId, now);
      return { section, withdrawn: null };
    });
  }

  const db = await getDb();
  return db.transaction(async (tx) => {
    // The ledger's lock order (wallets, then orders, then sections, as checkout and refunds take them):
    // the owners are read first, and under the section's lock every live seat must be of an order locked here.
    const seen = await liveSeatsOf(tx, id);
    for (const userId of inLockOrder(seen.map((seat) => seat.userId))) await lockWallet(tx, userId);
    const locked = new Map<string, OrderRow>();
    for (const orderId of inLockOrder(seen.map((seat) => seat.orderId))) {
      const order = await lockOrder(tx, orderId);
      if (order) locked.set(orderId, order);
    }
    await lockSections(tx, [id]);
    const seats = await liveSeatsOf(tx, id);
    if (seats.length === 0) return { section: await updateSectionIn(tx, id, input), withdrawn: null };

    const enrolment = enrolmentOf(seats, closeRuleOf(staff), now);
    const refuse = (message: string) => new AppError("conflict", message, { fieldErrors: { [WITHDRAW_FIELD]: message } });
    // A teacher refunds by the policy only: seats with sessions delivered are an admin's to refund (issue 26, finding 4).
    if (needsAnAdmin(enrolment)) throw refuse(SECTION_CLOSE_MESSAGES.askAnAdmin(enrolment));
    if (!confirmed) throw refuse(SECTION_CLOSE_MESSAGES.mustConfirm(enrolment));
    const isAsShown = confirmed.learners === enrolment.learners && confirmed.paidMinor === enrolment.paidMinor;
    if (!isAsShown || seats.some((seat) => !locked.has(seat.orderId))) throw refuse(SECTION_CLOSE_MESSAGES.changed(enrolment));

    const families = new Map<number, { cancelledSeats: string[]; refundIds: number[] }>();
    for (const order of locked.values()) {
      const itemIds = seats.filter((seat) => seat.orderId === order.id && seat.status === "confirmed").map((seat) => seat.itemId);
      if (itemIds.length === 0) continue;
      const toRefund = await unrefundedSeats(tx, order.id, itemIds);
      const refunded = await refundSeatsAsStaff(
        tx,
        staff,
        order,
        toRefund,
        SECTION_CLOSED_REASON,
        { sectionId: id },
        now,
        // Issue 39: a teacher's close gives back the sessions not yet held (a seat moved in after others were taught keeps those earned); an admin's refunds in full.
        { onlyUnused: closeRuleOf(staff) === "refund-policy" },
      );
      const family = families.get(order.userId) ?? { cancelledSeats: [], refundIds: [] };
      family.cancelledSeats.push(...refunded.cancelledSeats);
      family.refundIds.push(...refunded.refundIds);
      families.set(order.userId, family);
    }
    // Unpaid: nothing to refund. The order stays pending; a payment that still completes finds its seat gone and is given back.
    await moveSeats(
      tx,
      seats.filter((seat) => seat.status === "held").map((seat) => seat.bookingId),
      "held",
      "cancelled",
      now,
    );
    const section = await updateSectionIn(tx, id, input);

    // Each family hears once: its refund and its calendar cancellations; the teacher once for the section.
    for (const family of families.values()) await emitStaffRefund(tx, family, { sectionClosed: true });
    const withdrawn = [...families.values()].flatMap((family) => family.cancelledSeats);
    if (withdrawn.length > 0) await emit(tx, sectionClosed, { sectionId: id, closedById: staff.id, bookingIds: withdrawn });
    await recordAudit(tx, staff, {
      action: "section.close",
      targetType: "section",
      targetId: id,
      details: { status, ...enrolment },
    });
    return { section, withdrawn: enrolment };
  });
}
