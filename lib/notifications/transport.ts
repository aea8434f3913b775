import "server-only";

import { createTransport } from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";

import { SEND_CONCURRENCY, type OutboxMessage, type Sender } from "@/lib/platform/outbox/outbox";

import { emailPayloadSchema } from "./email";

export interface SmtpSenderOptions {
  /** SMTP_URL: smtp:// (STARTTLS when offered) or smtps://. */
  url: string;
  /** The From header. */
  from: string;
  /** The right side of every Message-ID (this site's host). */
  messageIdHost: string;
}

/** The outbox key as a Message-ID's left side: letters, digits, dot and dash only. */
export function messageIdOf(dedupeKey: string, host: string): string {
  return `<${dedupeKey.replace(/[^A-Za-z0-9.-]+/g, ".")}@${host}>`;
}

/**
 * The outbox's sender for the email topic: one SMTP submission per message, over a pool of open
 * connections, as many as the outbox sends at once (a new connection and greeting per message
 * would cost more than the message). The Message-ID is the outbox row's key, the same on every
 * retry, so a message sent twice after a crash between the send and its record is one message to
 * mail servers and clients that dedupe by it. Timeouts stay well inside the half of the outbox's
 * lease in which it starts sends (30 s).
 */
export function smtpSender(options: SmtpSenderOptions): Sender {
  const url = new URL(options.url);
  const pooled: SMTPPool.Options & { maxRequeues: number } = {
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === "smtps:" ? 465 : 587,
    secure: url.protocol === "smtps:",
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    pool: true,
    maxConnections: SEND_CONCURRENCY,
    // A connection is replaced after this many messages (servers may cap a session's messages).
    maxMessages: 500,
    // A message whose connection closed under it is tried once more on a fresh one (an idle
    // connection the server dropped), then fails back to the outbox, which retries with backoff;
    // the pool's default is to requeue it without end, out of the outbox's sight.
    maxRequeues: 1,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
  // maxRequeues is read by nodemailer's pool but missing from its types.
  const transport = createTransport(pooled as SMTPPool.Options);
  return async (message: OutboxMessage) => {
    const email = emailPayloadSchema.parse(message.payload);
    const invite = email.invite;
    await transport.sendMail({
      from: options.from,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      messageId: messageIdOf(message.dedupeKey, options.messageIdHost),
      headers: email.headers,
      // The text/calendar part calendars act on; nodemailer attaches the same file as invite.ics (application/ics) too.
      icalEvent: invite ? { method: invite.method, filename: "invite.ics", content: invite.content } : undefined,
    });
  };
}
