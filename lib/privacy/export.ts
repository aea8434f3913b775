import "server-only";

import { desc, eq, inArray, or, sql } from "drizzle-orm";

import { recordAudit } from "@/lib/audit/audit";
import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import { auditEvents, demoRequests, logEvents, outbox, teacherApplications, users, ledgerEntries } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { z } from "@/lib/platform/zod";

export const EXPORT_ACTION = "lead.data_export";

export interface PersonalDataExport {
  email: string;
  exportedAt: string;
  account: Record<string, unknown> | null;
  demoRequests: Array<Record<string, unknown>>;
  supportHistory: Array<Record<string, unknown>>;
  logEvents: Array<Record<string, unknown>>;
  teacherApplications: Array<Record<string, unknown>>;
  wallet: Array<Record<string, unknown>>;
  pendingDeliveries: Array<Record<string, unknown>>;
}

/**
 * Everything held about the email of demo request `leadId`, for a parent who asked for it
 * (security issue: export). Support produces it from the request's page; each export is recorded
 * in the request's audit history. Null when there is no such request.
 */
export async function exportLeadPersonalData(actor: Actor | null, leadId: string, now = new Date()): Promise<PersonalDataExport | null> {
  authorize(actor, "leads.read");
  if (!z.uuid().safeParse(leadId).success) return null;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [lead] = await tx.select({ email: demoRequests.userEmail }).from(demoRequests).where(eq(demoRequests.id, leadId));
    if (!lead) return null;
    const email = lead.email;
    const sameEmail = (column: typeof demoRequests.userEmail | typeof users.email | typeof teacherApplications.email) =>
      sql`lower(${column}) = lower(${email})`;

    const [account] = await tx
      .select({ id: users.id, email: users.email, displayName: users.displayName, role: users.role, createdAt: users.createdAt })
      .from(users)
      .where(sameEmail(users.email));
    const requests = await tx.select().from(demoRequests).where(sameEmail(demoRequests.userEmail)).orderBy(desc(demoRequests.createdAt));
    const requestIds = requests.map((row) => row.id);
    const history = requestIds.length
      ? await tx
          .select({
            requestId: auditEvents.targetId,
            action: auditEvents.action,
            by: auditEvents.actorEmail,
            details: auditEvents.details,
            at: auditEvents.createdAt,
          })
          .from(auditEvents)
          .where(sql`${auditEvents.targetType} = 'demo_request' and ${inArray(auditEvents.targetId, requestIds)}`)
          .orderBy(auditEvents.id)
      : [];
    const ids = account ? [String(account.id)] : [];
    const [firebaseUid] = account ? await tx.select({ uid: users.firebaseUid }).from(users).where(eq(users.id, account.id)) : [];
    if (firebaseUid) ids.push(firebaseUid.uid);
    const events = ids.length
      ? await tx
          .select({
            eventName: logEvents.eventName,
            currentUrl: logEvents.currentUrl,
            additionalInfo: logEvents.additionalInfo,
            ipAddress: logEvents.ipAddress,
            userAgent: logEvents.userAgent,
            referer: logEvents.referer,
            createdAt: logEvents.createdAt,
          })
          .from(logEvents)
          .where(or(inArray(logEvents.userId, ids), inArray(logEvents.claimedUserId, ids)))
          .orderBy(logEvents.id)
      : [];
    const applications = await tx
      .select({
        name: teacherApplications.name,
        email: teacherApplications.email,
        subjects: teacherApplications.subjects,
        experience: teacherApplications.experience,
        availability: teacherApplications.availability,
        status: teacherApplications.status,
        createdAt: teacherApplications.createdAt,
      })
      .from(teacherApplications)
      .where(
        account
          ? or(eq(teacherApplications.userId, account.id), sameEmail(teacherApplications.email))
          : sameEmail(teacherApplications.email),
      );
    const wallet = account
      ? await tx
          .select({
            kind: ledgerEntries.kind,
            amountMinor: ledgerEntries.amountMinor,
            currency: ledgerEntries.currency,
            reason: ledgerEntries.reason,
            orderId: ledgerEntries.orderId,
            createdAt: ledgerEntries.createdAt,
          })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.userId, account.id))
      : [];
    const deliveries = await tx
      .select({ topic: outbox.topic, payload: outbox.payload, createdAt: outbox.createdAt, deliveredAt: outbox.deliveredAt })
      .from(outbox)
      .where(sql`position(lower(${email}) in lower(${outbox.payload}::text)) > 0`);

    await recordAudit(tx, actor, { action: EXPORT_ACTION, targetType: "demo_request", targetId: leadId });
    return {
      email,
      exportedAt: now.toISOString(),
      account: account ?? null,
      demoRequests: requests,
      supportHistory: history,
      logEvents: events,
      teacherApplications: applications,
      wallet,
      pendingDeliveries: deliveries,
    };
  });
}

/** The route's answer when the request does not exist. */
export function exportNotFound(): AppError {
  return new AppError("not-found", "There is no such demo request.");
}
