import type { Transaction } from "@/lib/platform/db/client";
import "server-only";

import { and, asc, eq, gt } from "drizzle-orm";

import { seatSessions } from "@/lib/platform/db/schema/index";
import { AppError } from "@/lib/platform/errors";
import { sectionSessions, type SectionRecurrence } from "@/lib/scheduling/sessions";

import { COMMERCE_MESSAGES } from "@/lib/commerce/schema";

/**
 * Issue 39: a section's new times may not take away sessions families have paid for, unless an admin
 * makes the change. Under the section's lock, in the transaction that writes the edit: every open
 * entitlement still to come must remain an occurrence of the new rule. A moved date that keeps them
 * all (or only adds sessions) passes; the refusal names the dates field and changes nothing.
 */
export async function refuseTakingPaidSessions(tx: Transaction, sectionId: number, next: SectionRecurrence, now: Date): Promise<void> {
  const paid = await tx
    .selectDistinct({ occurrence: seatSessions.occurrence })
    .from(seatSessions)
    .where(and(eq(seatSessions.sectionId, sectionId), eq(seatSessions.status, "open"), gt(seatSessions.occurrence, now)))
    .orderBy(asc(seatSessions.occurrence));
  if (paid.length === 0) return;
  const first = paid[0]!.occurrence;
  const last = paid.at(-1)!.occurrence;
  const kept = new Set(sectionSessions(next, first, new Date(last.getTime() + 1)).map((s) => s.startsAt));
  const lost = paid.filter((row) => !kept.has(row.occurrence.toISOString())).length;
  if (lost === 0) return;
  const message = COMMERCE_MESSAGES.editTakesPaidSessions(lost);
  throw new AppError("conflict", message, { fieldErrors: { endsOn: message } });
}
