import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

export interface NewMessageFacts {
  readerName: string | null;
  /** The teacher's or family's name, or "Support". */
  senderName: string;
  /** What the thread is about: "Piano for beginners, for Ada". */
  title: string;
  /** The thread's page. */
  threadUrl: string;
  batchMinutes: number;
  unsubscribeUrl: string;
}

/**
 * To the other side of a thread: a new message is waiting. Never the message itself (it is read on
 * the site, where support can step in, and an email could carry what masking took out of it).
 */
export function newMessageEmail(facts: NewMessageFacts) {
  return renderEmail(`New message from ${facts.senderName}: ${facts.title}`, {
    greeting: hello(facts.readerName),
    paragraphs: [
      `${facts.senderName} wrote to you about ${facts.title}.`,
      "Read it and answer on our site: for children's safety, all talk between families and teachers stays there, and our support team can help.",
      `We email you at most once every ${facts.batchMinutes} minutes about a conversation, so more messages may be waiting.`,
    ],
    details: [
      ["From", facts.senderName],
      ["About", facts.title],
    ],
    action: { label: "Read the message", url: facts.threadUrl },
    footer: [
      `You are receiving this because you take part in this conversation. To stop emails like this one (the messages stay on the site; booking messages and reminders still come): ${facts.unsubscribeUrl}`,
    ],
  });
}
