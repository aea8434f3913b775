import type { IncomingMessage, ServerResponse } from "node:http";

export const DEFAULT_MAX_BYTES: number;
export class CompressedBodies {
  constructor(maxBytes?: number);
  readonly maxBytes: number;
  readonly bytes: number;
  readonly compressions: number;
  get(body: string, encoding: "br" | "gzip"): Buffer | undefined;
  compress(body: string, encoding: "br" | "gzip"): Buffer;
}
export function createPageCompression(options?: {
  bodies?: CompressedBodies;
}): (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
