/**
 * Runs once when a server instance starts. Node only: these need the database
 * and the identity provider. (NEXT_RUNTIME is set by Next itself, not configuration.)
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServer } = await import("@/lib/wiring/start");
  await startServer();
}
