import "server-only";

import { and, asc, eq, inArray } from "drizzle-orm";

import type { Actor } from "@/lib/platform/auth/permissions";
import type { Transaction } from "@/lib/platform/db/client";
import { bookings, orderItems, orders, sections, waitlistEntries } from "@/lib/platform/db/schema/index";
import { AppError } from "@/lib/platform/errors";
import { ON_SALE_SECTION_STATUSES } from "@/lib/scheduling/section-sale";
import { isLiveSeat } from "@/lib/scheduling/slots";

import { lockOrder, type OrderRow } from "@/lib/commerce/checkout/orders";
import { isUnused, lockOpenEntitlements } from "@/lib/commerce/seats/entitlements";
import { lockSections, moveSeats, type LockedSection } from "@/lib/commerce/seats/seats";
import { lockWallet } from "@/lib/commerce/wallet/ledger";
import { refundSeatsAsStaff, unrefundedSeats } from "./refunds";

export const TEACHER_SUSPENDED_REASON = "Teacher suspended";

export const SUSPENSION_MESSAGES = {
  seatsChanged: "Seats in this teacher's classes changed while suspending. Nothing was changed: try again.",
} as const;

/** What suspending a teacher did to the seats in their classes: the seats withdrawn and the refunds that paid them back. */
export interface SuspensionWithdrawal {
  sectionIds: number[];
  bookingIds: string[];
  refundIds: number[];
  walletMinor: number;
}

async function liveSeatsIn(tx: Transaction, sectionIds: number[]) {
  return tx
    .select({
      bookingId: bookings.id,
      status: bookings.status,
      startsAt: bookings.startsAt,
      sectionId: bookings.sectionId,
      itemId: orderItems.id,
      orderId: orderItems.orderId,
      userId: orders.userId,
    })
    .from(bookings)
    .innerJoin(orderItems, eq(orderItems.bookingId, bookings.id))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(inArray(bookings.sectionId, sectionIds), isLiveSeat))
    .orderBy(asc(orderItems.id));
}

const inLockOrder = <T extends number | string>(values: T[]) => [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** Whether a paid seat still has a session to come (read under the seat's lock): with no entitlements recorded, its first session's start decides. */
async function hasSessionsToCome(tx: Transaction, seat: { itemId: number; startsAt: Date }, section: LockedSection, now: Date) {
  const open = await lockOpenEntitlements(tx, seat.itemId);
  if (open.length > 0) return open.some((row) => isUnused(row, section, now));
  return seat.startsAt.getTime() > now.getTime();
}

/**
 * A teacher suspended on a safety concern (lib/safety/concern-actions.ts), in the caller's
 * transaction: every section of theirs on sale is closed (off sale for good: a reinstated teacher
 * publishes anew) and its waitlist ended; each paid seat with sessions still to come is withdrawn
 * and the value of those sessions, as recorded when it was bought (seat_sessions), goes back to the
 * family's Cash, whatever paid for it, so they can rebook at once. Sessions already held stay earned
 * by the teacher. Unpaid card holds are released. Seats whose sessions were all held are left as
 * they are. Locks in the money order: wallets, orders, sections, then each seat's entitlements.
 */
export async function withdrawSuspendedTeacherSeats(
  tx: Transaction,
  actor: Actor,
  teacherId: number,
  now: Date,
): Promise<SuspensionWithdrawal> {
  const done: SuspensionWithdrawal = { sectionIds: [], bookingIds: [], refundIds: [], walletMinor: 0 };
  const onSale = await tx
    .select({ id: sections.id })
    .from(sections)
    .where(and(eq(sections.teacherId, teacherId), inArray(sections.status, ON_SALE_SECTION_STATUSES)));
  const sectionIds = onSale.map((row) => row.id);
  if (sectionIds.length === 0) return done;

  const seen = await liveSeatsIn(tx, sectionIds);
  for (const userId of inLockOrder(seen.map((seat) => seat.userId))) await lockWallet(tx, userId);
  const locked = new Map<string, OrderRow>();
  for (const orderId of inLockOrder(seen.map((seat) => seat.orderId))) {
    const order = await lockOrder(tx, orderId);
    if (order) locked.set(orderId, order);
  }
  const lockedSections = await lockSections(tx, sectionIds);
  const seats = await liveSeatsIn(tx, sectionIds);
  // A checkout that committed between the first read and the locks: its wallet was not locked first, so start again.
  if (seats.some((seat) => !locked.has(seat.orderId))) throw new AppError("conflict", SUSPENSION_MESSAGES.seatsChanged);

  // Closed before any seat is freed, so no freed seat is offered to the waitlist or reopens the section.
  await tx.update(sections).set({ status: "closed", updatedAt: now }).where(inArray(sections.id, sectionIds));
  await tx
    .update(waitlistEntries)
    .set({ status: "closed", statusChangedAt: now })
    .where(and(inArray(waitlistEntries.sectionId, sectionIds), inArray(waitlistEntries.status, ["waiting", "offered"])));
  done.sectionIds = sectionIds;

  await moveSeats(
    tx,
    seats.filter((seat) => seat.status === "held").map((seat) => seat.bookingId),
    "held",
    "cancelled",
    now,
  );
  for (const order of locked.values()) {
    const itemIds: number[] = [];
    for (const seat of seats) {
      if (seat.orderId !== order.id || seat.status !== "confirmed") continue;
      if (await hasSessionsToCome(tx, seat, lockedSections.get(seat.sectionId!)!, now)) itemIds.push(seat.itemId);
    }
    if (itemIds.length === 0) continue;
    const toRefund = await unrefundedSeats(tx, order.id, itemIds);
    const refunded = await refundSeatsAsStaff(tx, actor, order, toRefund, TEACHER_SUSPENDED_REASON, { teacherId }, now, {
      onlyUnused: true,
      toCash: true,
    });
    done.bookingIds.push(...refunded.cancelledSeats);
    done.refundIds.push(...refunded.refundIds);
    done.walletMinor += refunded.walletMinor;
  }
  return done;
}
