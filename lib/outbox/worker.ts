import "server-only";

import { forwardPendingDemoRequests, isForwardingConfigured } from "@/lib/demo-requests/service";

const INTERVAL_MS = 15_000;
const slot = globalThis as typeof globalThis & { __outboxWorker?: NodeJS.Timeout };

/**
 * Retries outbox deliveries on a timer. Every instance may run one: leases in
 * the table keep two instances from sending the same row.
 */
export function startOutboxWorker(): void {
  if (slot.__outboxWorker || !isForwardingConfigured()) return;
  let isRunning = false;
  slot.__outboxWorker = setInterval(async () => {
    if (isRunning) return;
    isRunning = true;
    try {
      await forwardPendingDemoRequests();
    } catch (error) {
      console.error("[outbox] delivery round failed:", error instanceof Error ? error.message : error);
    } finally {
      isRunning = false;
    }
  }, INTERVAL_MS);
  slot.__outboxWorker.unref();
}
