import "server-only";

import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";

import { findPublishedCourseId } from "@/lib/courses/queries";
import { getDb } from "@/lib/platform/db/client";
import { demoRequests } from "@/lib/platform/db/schema";
import { DEMO_REQUEST_TOPIC } from "@/lib/demo-requests/forward";
import type { DemoRequestInput } from "@/lib/demo-requests/schema";
import { env } from "@/lib/platform/env";
import { emit } from "@/lib/platform/events/events";
import { enqueue } from "@/lib/platform/outbox/outbox";

import { leadCreated } from "./events";

export interface DemoRequestMeta {
  idempotencyKey?: string;
  ipAddress?: string | null;
  userAgent?: string | null;
  /** users.id of the account signed in when the request was made: it sees the request before its email is verified. */
  userId?: number | null;
}

export interface CreatedDemoRequest {
  id: string;
  /** False when the idempotency key had been seen, or the request repeats a recent one: the earlier request is returned. */
  isNew: boolean;
  /** The same email and grade asked within REPEAT_WINDOW_MS: that first request was updated with this one's answers. */
  isRepeat?: boolean;
}

/**
 * A family that sends the form again (the dialog closed, a second tab, a changed mind) within a day
 * is the same lead: its first request takes the new answers, and neither a second lead nor a second
 * "we received your request" email is made.
 */
export const REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Requests still waiting for the team or a demo: a repeat of a closed, converted or spam one is a new lead. */
const REPEATABLE_STATUSES = ["new", "contacted", "demo_scheduled"] as const;

export function isForwardingConfigured(): boolean {
  return Boolean(env.DEMO_FORWARD_URL);
}

/**
 * Stores a lead. The row, its lead.created event (and, when forwarding is configured, its outbox
 * entry) are committed before this resolves; a repeated idempotency key returns the first request
 * instead of storing a second one, and a repeat of a recent request (same email, same grade, within
 * REPEAT_WINDOW_MS) updates that request instead: no second lead, no second email. The repeat check
 * runs under a transaction lock on the email and grade, so two sends at once make one lead.
 */
export async function createDemoRequest(
  input: DemoRequestInput,
  meta: DemoRequestMeta = {},
  now = new Date(),
): Promise<CreatedDemoRequest> {
  const db = await getDb();
  const courseId = await findPublishedCourseId(input.course);
  const forward = isForwardingConfigured();
  const answers = {
    name: input.name,
    phone: input.number,
    course: input.course,
    courseId,
    message: input.text,
    classType: input.type,
    sourcePage: input.sourcePage,
    learnerId: input.learnerId,
  };

  return db.transaction(async (tx) => {
    if (meta.idempotencyKey) {
      const [seen] = await tx
        .select({ id: demoRequests.id })
        .from(demoRequests)
        .where(eq(demoRequests.idempotencyKey, meta.idempotencyKey));
      if (seen) return { id: seen.id, isNew: false };
    }

    const email = input.userEmail.toLowerCase();
    const grade = input.grade ?? null;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`demo-request:${email}:${grade ?? "-"}`}, 0))`);
    const [earlier] = await tx
      .select({ id: demoRequests.id, userId: demoRequests.userId })
      .from(demoRequests)
      .where(
        and(
          sql`lower(${demoRequests.userEmail}) = ${email}`,
          grade === null ? sql`${demoRequests.grade} is null` : eq(demoRequests.grade, grade),
          gt(demoRequests.createdAt, new Date(now.getTime() - REPEAT_WINDOW_MS)),
          inArray(demoRequests.status, [...REPEATABLE_STATUSES]),
        ),
      )
      .orderBy(desc(demoRequests.createdAt))
      .limit(1);
    if (earlier) {
      // The newer answers win where given; an answer left blank this time keeps the first one's.
      const given = Object.fromEntries(
        Object.entries(answers).filter(([, value]) => value !== undefined && value !== null && value !== ""),
      );
      await tx
        .update(demoRequests)
        .set({ ...given, userId: earlier.userId ?? meta.userId ?? null, updatedAt: now })
        .where(eq(demoRequests.id, earlier.id));
      return { id: earlier.id, isNew: false, isRepeat: true };
    }

    const [inserted] = await tx
      .insert(demoRequests)
      .values({
        ...answers,
        userEmail: input.userEmail,
        grade: input.grade,
        idempotencyKey: meta.idempotencyKey,
        ipAddress: meta.ipAddress ?? null,
        userAgent: meta.userAgent ?? null,
        userId: meta.userId ?? null,
      })
      .onConflictDoNothing({ target: demoRequests.idempotencyKey })
      .returning({ id: demoRequests.id, createdAt: demoRequests.createdAt });

    if (!inserted) {
      // The same key sent at the same moment by another request, which stored it first.
      const [existing] = await tx
        .select({ id: demoRequests.id })
        .from(demoRequests)
        .where(eq(demoRequests.idempotencyKey, meta.idempotencyKey ?? ""));
      if (!existing) throw new Error("idempotency conflict without an existing row");
      return { id: existing.id, isNew: false };
    }

    if (forward) {
      await enqueue(tx, {
        topic: DEMO_REQUEST_TOPIC,
        dedupeKey: `demo_request:${inserted.id}`,
        payload: {
          id: inserted.id,
          name: input.name ?? null,
          userEmail: input.userEmail,
          number: input.number ?? null,
          course: input.course,
          text: input.text ?? null,
          type: input.type ?? null,
          grade: input.grade ?? null,
          sourcePage: input.sourcePage ?? null,
          createdAt: inserted.createdAt.toISOString(),
        },
      });
    }
    // Who reacts (the "we received your request" email): lib/reactions/table.ts.
    await emit(tx, leadCreated, { demoRequestId: inserted.id });
    return { id: inserted.id, isNew: true };
  });
}
