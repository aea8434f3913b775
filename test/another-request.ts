import { transactionInProgress } from "@/lib/platform/db/outside-transaction";

/**
 * Runs `work` as another request would: outside any transaction of the caller, so the guard that
 * refuses a root-handle query inside an open transaction (lib/platform/db/outside-transaction.ts)
 * does not see the caller's. Only for tests that stage two requests on purpose (a webhook that
 * waits for a lock the test's transaction holds, on PostgreSQL only).
 */
export function asAnotherRequest<T>(work: () => T): T {
  return transactionInProgress.exit(work);
}
