/**
 * A message of the embedded mailbox, as scripts/mail-server.mjs keeps it in `<dir>/<id>/message.json`
 * and the mailbox page (lib/notifications/mailbox.ts) reads it. Defined here, in lib, because the
 * app may not import scripts/; the server's types (scripts/mail-server.d.mts) take it from here.
 */
export interface MailboxMessage {
  id: string;
  receivedAt: string;
  envelope: { from: string | null; to: string[] };
  messageId: string | null;
  from: string;
  to: string;
  subject: string;
  date: string | null;
  text: string;
  html: string | null;
  attachments: Array<{ index: number; filename: string; contentType: string; size: number }>;
}
