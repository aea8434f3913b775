export interface StoredMessageSummary {
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
