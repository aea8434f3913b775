import "server-only";

import type { Database } from "@/lib/platform/db/client";
import { enqueueAll, type Sender } from "@/lib/platform/outbox/outbox";
import { z } from "@/lib/platform/zod";

import { EMAIL_TOPIC, emailDedupeKey, emailPayloadSchema, type EmailPayload } from "./email";

/**
 * Emails rendered when the outbox delivers them, not when they are queued: the queuing transaction
 * (a checkout holding its wallet and section locks) writes only which message, about what; the
 * reading of its facts, the rendering and the calendar invite happen at delivery, outside it, from
 * the data as it is then. The wiring registers the sender for this topic with one renderer per kind.
 */
export const DEFERRED_EMAIL_TOPIC = "email.deferred";

/** What the outbox keeps of a deferred email: which renderer, and the id of what it tells of. */
const deferredEmailSchema = z.object({ kind: z.string().min(1), ref: z.string().min(1) });

export interface DeferredEmail {
  /** As for enqueueEmail: names the thing told of, and is the message's dedupe key and Message-ID. */
  key: string;
  kind: string;
  ref: string;
}

/** Queues deferred emails in the caller's transaction, in one statement whatever their number. */
export async function enqueueDeferredEmails(tx: Pick<Database, "insert">, emails: DeferredEmail[]): Promise<void> {
  await enqueueAll(
    tx,
    emails.map(({ key, kind, ref }) => ({ topic: DEFERRED_EMAIL_TOPIC, dedupeKey: emailDedupeKey(key), payload: { kind, ref } })),
  );
}

/**
 * Reads what `ref` names and renders the message as it should go now; null when there is nothing
 * to send any more (what it told of was undone or is gone). Throws when it cannot render yet: the
 * outbox retries it like any failed delivery.
 */
export type EmailRenderer = (db: Database, ref: string) => Promise<EmailPayload | null>;

/**
 * The outbox's sender for deferred emails: renders each with its kind's renderer and hands it to
 * `send` (the SMTP sender) under its own dedupe key, so its Message-ID is the one it would have had
 * rendered at once. A message with nothing left to say is done without sending.
 */
export function deferredEmailSender(renderers: Readonly<Record<string, EmailRenderer>>, send: Sender): Sender {
  return async (message, db) => {
    const { kind, ref } = deferredEmailSchema.parse(message.payload);
    const render = renderers[kind];
    // Not dropped: retried, then dead-lettered where an admin sees it (a deploy that lost a renderer).
    if (!render) throw new Error(`no renderer for deferred email "${kind}"`);
    const email = await render(db, ref);
    if (!email) return;
    await send({ topic: EMAIL_TOPIC, dedupeKey: message.dedupeKey, payload: emailPayloadSchema.parse(email) }, db);
  };
}
