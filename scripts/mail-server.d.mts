import type { MailboxMessage } from "../lib/notifications/mailbox-message";

/** What message.json holds: the mailbox page's format, defined in lib (lib may not import scripts/). */
export type StoredMessageSummary = MailboxMessage;

export function storeMessage(dir: string, raw: Buffer, envelope?: unknown): Promise<StoredMessageSummary>;

export interface RunningMailServer {
  port: number;
  url: string;
  stop(): Promise<void>;
}

export function startMailServer(options: {
  dir: string;
  port?: number;
  host?: string;
  onMessage?: (summary: StoredMessageSummary) => void;
}): Promise<RunningMailServer>;
