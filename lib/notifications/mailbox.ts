import "server-only";

import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

import type { MailboxMessage } from "@/lib/notifications/mailbox-message";
import { env } from "@/lib/platform/env";

export type { MailboxMessage };

/** A message folder's name: what the server makes, nothing that could climb out of the folder. */
const MESSAGE_ID = /^[0-9a-z]{9,}-[0-9a-f]{12}$/;

function mailboxDir(): string {
  if (!env.MAILBOX_DIR) throw new Error("the embedded mailbox is not in use");
  return path.resolve(env.MAILBOX_DIR);
}

async function readSummary(dir: string, id: string): Promise<MailboxMessage | null> {
  if (!MESSAGE_ID.test(id)) return null;
  try {
    return JSON.parse(await readFile(path.join(dir, id, "message.json"), "utf8")) as MailboxMessage;
  } catch {
    return null;
  }
}

/** Newest first. */
export async function listMailbox(limit = 200): Promise<MailboxMessage[]> {
  const dir = mailboxDir();
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const ids = names
    .filter((name) => MESSAGE_ID.test(name))
    .sort()
    .reverse()
    .slice(0, limit);
  const messages = await Promise.all(ids.map((id) => readSummary(dir, id)));
  return messages.filter((m): m is MailboxMessage => m !== null);
}

export async function findMailboxMessage(id: string): Promise<MailboxMessage | null> {
  return readSummary(mailboxDir(), id);
}

/** One attachment's name, type and content; null when there is no such message or attachment. */
export async function readMailboxAttachment(id: string, index: number) {
  const message = await findMailboxMessage(id);
  const attachment = message?.attachments.find((a) => a.index === index);
  if (!message || !attachment) return null;
  const content = await readFile(path.join(mailboxDir(), id, `attachment-${attachment.index}`));
  return { filename: attachment.filename, contentType: attachment.contentType, content };
}
