// The embedded default's mail server: `npm start` runs it on loopback when SMTP_URL is not set, and
// the Jest tests run the same one (test/mail-server.ts). It takes every message (no auth, no TLS:
// it listens on 127.0.0.1 only), parses it with mailparser and keeps it under `dir`:
//   <dir>/<id>/message.eml      the message as received
//   <dir>/<id>/message.json     what the mailbox page shows (lib/notifications/mailbox-message.ts)
//   <dir>/<id>/attachment-<n>   each attachment's content
import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";

import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** Sortable by arrival (time first), unguessable enough for a local folder name. */
function newMessageId() {
  return `${Date.now().toString(36).padStart(9, "0")}-${randomBytes(6).toString("hex")}`;
}

const addressText = (value) => (Array.isArray(value) ? value.map((v) => v.text).join(", ") : (value?.text ?? ""));

/** Parses and keeps one message; written to a temporary folder first, so a reader never sees half of one. */
export async function storeMessage(dir, raw, envelope = {}) {
  const parsed = await simpleParser(raw);
  const id = newMessageId();
  const staging = path.join(dir, `.incoming-${id}`);
  await mkdir(staging, { recursive: true });
  await writeFile(path.join(staging, "message.eml"), raw);
  const attachments = [];
  for (const [index, attachment] of parsed.attachments.entries()) {
    await writeFile(path.join(staging, `attachment-${index}`), attachment.content);
    attachments.push({
      index,
      // The text/calendar alternative of an invite has no name of its own.
      filename: attachment.filename ?? (attachment.contentType === "text/calendar" ? "calendar-part.ics" : `attachment-${index}`),
      contentType: attachment.contentType,
      size: attachment.size,
    });
  }
  const summary = {
    id,
    receivedAt: new Date().toISOString(),
    envelope: { from: envelope.mailFrom?.address ?? null, to: (envelope.rcptTo ?? []).map((r) => r.address) },
    messageId: parsed.messageId ?? null,
    from: addressText(parsed.from),
    to: addressText(parsed.to),
    subject: parsed.subject ?? "",
    date: parsed.date?.toISOString() ?? null,
    text: parsed.text ?? "",
    html: typeof parsed.html === "string" ? parsed.html : null,
    attachments,
  };
  await writeFile(path.join(staging, "message.json"), JSON.stringify(summary, null, 2));
  await rename(staging, path.join(dir, id));
  return summary;
}

/**
 * Starts the server on host:port (port 0: any free port) and resolves once it listens.
 * `onMessage` sees each stored message's summary.
 */
export async function startMailServer({ dir, port = 0, host = "127.0.0.1", onMessage } = {}) {
  await mkdir(dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    // A stop does not wait half a minute for a client that keeps its connection open.
    closeTimeout: 2_000,
    banner: "embedded mailbox (messages are kept on this machine, never delivered)",
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        if (stream.sizeExceeded) {
          const error = new Error("Message exceeds the size limit");
          error.responseCode = 552;
          callback(error);
          return;
        }
        storeMessage(dir, Buffer.concat(chunks), session.envelope).then(
          (summary) => {
            onMessage?.(summary);
            callback(null, `Kept as ${summary.id}`);
          },
          (error) => callback(error),
        );
      });
    },
  });
  // A client that drops its connection (a server restarted mid-send, a reset) is that client's
  // problem: without a listener, smtp-server's "error" event would end the whole process, and
  // with it `npm start`'s auth emulator and mailbox.
  server.on("error", (error) => console.error(`[mail] SMTP connection error: ${error.message}`));
  await new Promise((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, host, () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const actualPort = server.server.address().port;
  return {
    port: actualPort,
    url: `smtp://${host}:${actualPort}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
