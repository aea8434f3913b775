/**
 * Runs once when a server instance starts. Node only: the outbox worker needs
 * the database. (NEXT_RUNTIME is set by Next itself, not configuration.)
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startOutboxWorker } = await import("@/lib/outbox/worker");
  startOutboxWorker();
}
