import "server-only";

import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";

import { keepSafetyConversations } from "@/lib/messages/kept-conversations";
import type { Transaction } from "@/lib/platform/db/client";
import { auditEvents, demoRequests, gifts, logEvents, outbox, teacherApplications, users } from "@/lib/platform/db/schema";

import { handOverTeaching } from "./teacher-handover";

export const ANONYMISED_EMAIL = "deleted-account@anonymised.invalid";
/** What an audit entry says instead of the deleted person's email, as its actor or in its details. */
export const ERASED_ACTOR = "deleted account";

export interface ErasedPerson {
  email: string;
  /**
   * Whether the person has shown they own `email` (Firebase's email_verified). Only then is data
   * matched by the email alone theirs to erase: anyone can sign up with another family's address
   * (security issue: account squatting). What is linked to the account's ids is erased always.
   */
  emailVerified: boolean;
  /** users.id */
  databaseId: number;
  /** Firebase uid */
  firebaseUid: string;
}

/** `column::text` contains `needle`, case-insensitively (JSON and text columns alike). */
function mentions(column: unknown, needle: string) {
  return sql`position(${needle.toLowerCase()} in lower(${column}::text)) > 0`;
}

/**
 * Everything the service copied about a person, removed inside the account deletion's
 * transaction (security issue: deletion): their demo requests keep only what the figures need,
 * support notes go from the requests and from the audit history that quoted them, outbox copies
 * are deleted, log events lose URL, extra info and network data, teacher applications go, and
 * every IP address seen with their requests or events is cleared wherever else it was stored.
 * "Their" is what the account's ids link to, and what mentions the email once it is verified.
 */
export async function eraseAccountData(tx: Transaction, person: ErasedPerson): Promise<void> {
  const { email, emailVerified } = person;
  const ids = [person.firebaseUid, String(person.databaseId)];
  // `or` drops the undefined ones; each list below has at least one condition by id, so none is ever empty.
  const byEmail = <T>(condition: T) => (emailVerified ? condition : undefined);
  const theirLeads = or(eq(demoRequests.userId, person.databaseId), byEmail(sql`lower(${demoRequests.userEmail}) = lower(${email})`));
  const theirEvents = or(
    inArray(logEvents.userId, ids),
    inArray(logEvents.claimedUserId, ids),
    byEmail(mentions(logEvents.currentUrl, email)),
    byEmail(mentions(logEvents.referer, email)),
    byEmail(mentions(logEvents.additionalInfo, email)),
  );
  // Entries about the account itself (a role change's details name its email).
  const aboutThem = and(eq(auditEvents.targetType, "user"), eq(auditEvents.targetId, String(person.databaseId)));
  const quotingThem = or(and(aboutThem, mentions(auditEvents.details, email)), byEmail(mentions(auditEvents.details, email)));

  const leads = await tx.select({ id: demoRequests.id, ipAddress: demoRequests.ipAddress }).from(demoRequests).where(theirLeads);
  const leadIds = leads.map((lead) => lead.id);
  const eventIps = await tx
    .select({ ipAddress: logEvents.ipAddress })
    .from(logEvents)
    .where(and(theirEvents, isNotNull(logEvents.ipAddress)));
  const ips = [...new Set([...leads, ...eventIps].flatMap((row) => (row.ipAddress ? [row.ipAddress] : [])))];

  // Support's notes and every audit entry that quoted them or the email.
  if (leadIds.length > 0) {
    await tx
      .update(auditEvents)
      .set({ details: { erased: true } })
      .where(and(eq(auditEvents.targetType, "demo_request"), inArray(auditEvents.targetId, leadIds), eq(auditEvents.action, "lead.note")));
  }
  await tx
    .update(auditEvents)
    .set({ details: sql`(${auditEvents.details} - 'email') || '{"erased": true}'::jsonb` })
    .where(quotingThem);
  await tx
    .update(auditEvents)
    .set({ details: { erased: true } })
    .where(quotingThem);
  await tx
    .update(auditEvents)
    .set({ actorEmail: ERASED_ACTOR })
    .where(or(eq(auditEvents.actorId, person.databaseId), byEmail(sql`lower(${auditEvents.actorEmail}) = lower(${email})`)));

  // Copies waiting for, or kept after, delivery.
  const leadCopies =
    leadIds.length > 0
      ? inArray(
          outbox.dedupeKey,
          leadIds.map((id) => `demo_request:${id}`),
        )
      : undefined;
  const copies = or(byEmail(mentions(outbox.payload, email)), leadCopies);
  // Never `delete ... where` nothing: that would be every row.
  if (copies) await tx.delete(outbox).where(copies);

  await tx
    .update(demoRequests)
    .set({
      name: null,
      userEmail: ANONYMISED_EMAIL,
      phone: null,
      message: null,
      note: null,
      ipAddress: null,
      userAgent: null,
      updatedAt: new Date(),
    })
    .where(theirLeads);
  await tx
    .update(logEvents)
    .set({ userId: null, claimedUserId: null, currentUrl: null, additionalInfo: null, referer: null, ipAddress: null, userAgent: null })
    .where(theirEvents);
  if (ips.length > 0) {
    await tx.update(demoRequests).set({ ipAddress: null, userAgent: null }).where(inArray(demoRequests.ipAddress, ips));
    await tx.update(logEvents).set({ ipAddress: null, userAgent: null }).where(inArray(logEvents.ipAddress, ips));
  }

  // Gifts stay (the recipient's credit names them), without the words and addresses in them. A
  // gift still waiting for its card payment is closed: a payment that comes anyway is refunded to
  // the card by the webhook (lib/commerce/payments/payment-without-purchase.ts), as for an order.
  await tx
    .update(gifts)
    .set({ status: "expired" })
    .where(and(eq(gifts.buyerId, person.databaseId), eq(gifts.status, "pending")));
  await tx
    .update(gifts)
    .set({ recipientName: null, recipientEmail: null, message: null })
    .where(
      or(
        eq(gifts.buyerId, person.databaseId),
        eq(gifts.redeemedById, person.databaseId),
        byEmail(sql`lower(${gifts.recipientEmail}) = lower(${email})`),
      ),
    );

  // Refuses while families are booked with them as a teacher (nothing above is kept then: one transaction).
  await handOverTeaching(tx, person.databaseId, new Date());

  // Issue 40: a family's conversations with flagged or hidden messages, or attached to a safety
  // report, are kept for the safety team, pseudonymised (the rule: lib/messages/kept-conversations.ts);
  // the others go with the account below.
  await keepSafetyConversations(tx, person.databaseId, new Date());

  await tx
    .delete(teacherApplications)
    .where(or(eq(teacherApplications.userId, person.databaseId), byEmail(sql`lower(${teacherApplications.email}) = lower(${email})`)));
  await tx.delete(users).where(eq(users.id, person.databaseId));
}
