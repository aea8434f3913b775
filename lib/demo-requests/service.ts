import "server-only";

import { eq } from "drizzle-orm";

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
  /** False when the idempotency key had been seen: the earlier request is returned. */
  isNew: boolean;
}

export function isForwardingConfigured(): boolean {
  return Boolean(env.DEMO_FORWARD_URL);
}

/**
 * Stores a lead. The row, its lead.created event (and, when forwarding is configured, its outbox
 * entry) are committed before this resolves; a repeated idempotency key returns the
 * first request instead of storing a second one.
 */
export async function createDemoRequest(input: DemoRequestInput, meta: DemoRequestMeta = {}): Promise<CreatedDemoRequest> {
  const db = await getDb();
  const courseId = await findPublishedCourseId(input.course);
  const forward = isForwardingConfigured();

  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(demoRequests)
      .values({
        name: input.name,
        userEmail: input.userEmail,
        phone: input.number,
        course: input.course,
        courseId,
        message: input.text,
        classType: input.type,
        grade: input.grade,
        sourcePage: input.sourcePage,
        idempotencyKey: meta.idempotencyKey,
        ipAddress: meta.ipAddress ?? null,
        userAgent: meta.userAgent ?? null,
        userId: meta.userId ?? null,
      })
      .onConflictDoNothing({ target: demoRequests.idempotencyKey })
      .returning({ id: demoRequests.id, createdAt: demoRequests.createdAt });

    if (!inserted) {
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
