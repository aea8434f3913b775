import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";

import { smtpSender } from "@/lib/notifications/transport";
import { users } from "@/lib/platform/db/schema";
import { deliverDue, type Sender } from "@/lib/platform/outbox/outbox";
import { emailSenders } from "@/lib/wiring/outbox-routes";

import { openTestDatabase } from "./database";
import { deliverEvents, notBefore } from "./events";
import { readInvite, readRecurringInvite } from "./ical";
import { openTestMailServer } from "./mail-server";

/**
 * What every mail test sets up: a real database, a real SMTP server and the outbox's email sender
 * pointed at it, opened before the file's tests and closed after them. Messages are read back from
 * the server.
 */
export function mailHarness() {
  let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  let server: Awaited<ReturnType<typeof openTestMailServer>> | undefined;
  let senders: Record<string, Sender> = {};

  beforeAll(async () => {
    database = await openTestDatabase();
    server = await openTestMailServer();
    // The app's email senders (lib/wiring/outbox-routes.ts), both topics, over this server.
    senders = emailSenders(smtpSender({ url: server.url, from: "Test School <hello@example.com>", messageIdHost: "localhost" }));
  });
  afterAll(async () => {
    await server?.dispose();
    await database?.dispose();
  });

  const db = () => {
    if (!database) throw new Error("the mail harness is opened in beforeAll");
    return database.db;
  };
  const open = () => {
    if (!server) throw new Error("the mail harness is opened in beforeAll");
    return server;
  };
  /** The SMTP server: what it received, clearing it, and stop/start for an outage. */
  const mail = {
    messages: () => open().messages(),
    clear: () => open().clear(),
    stop: () => open().stop(),
    start: () => open().start(),
  };
  /**
   * Runs the reactions to every event due at `now`, then sends the emails due (a later `now` lets
   * retries past their backoff). Reports the emails' delivery.
   */
  const deliver = async (now = new Date()) => {
    await deliverEvents(db(), now);
    return deliverDue(db(), senders, { now: notBefore(now), limit: 100 });
  };
  /** The messages received so far addressed to `address`. */
  const received = async (address: string) => (await mail.messages()).filter((m) => to(m) === address);
  const emailOf = async (userId: number) => (await db().select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]!.email;

  return { db, mail, deliver, received, emailOf };
}

/** A message's recipients as one string ("a@example.com, b@example.com"). */
export function to(message: ParsedMail): string {
  return (Array.isArray(message.to) ? message.to : [message.to]).map((a) => a?.text).join(", ");
}

/** The invite.ics a message carries, as text (throws when it has none). */
export function inviteFileOf(message: ParsedMail): string {
  const file = message.attachments.find((a) => a.filename === "invite.ics");
  if (!file) throw new Error(`no invite.ics in "${message.subject}"`);
  return file.content.toString("utf8");
}

/** A one-off invite (a demo) read back as a calendar would. */
export const inviteOf = (message: ParsedMail) => readInvite(inviteFileOf(message));

/** A recurring invite (a seat's series) read back with its first `n` occurrences. */
export const recurringInviteOf = (message: ParsedMail, n: number) => readRecurringInvite(inviteFileOf(message), n);
