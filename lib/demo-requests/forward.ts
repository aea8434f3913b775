import "server-only";

import type { Sender } from "@/lib/platform/outbox/outbox";

export const DEMO_REQUEST_TOPIC = "demo_request.forward";

/** Delivers a demo request to the configured CRM / legacy backend (DEMO_FORWARD_URL). */
export function httpForwarder(url: string, token?: string, timeoutMs = 10_000): Sender {
  return async (message) => {
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "idempotency-key": message.dedupeKey,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(message.payload),
        // The body is a lead's personal data: a redirect fails the delivery rather than carry it
        // somewhere else (fetch would repeat a POST on a 307/308).
        redirect: "error",
        // Well inside the outbox's lease on the row (LEASE_MS).
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // fetch says only "fetch failed"; the cause (refused, timed out, redirected) is what an admin needs.
      throw new Error(`forward target unreachable: ${describe(error)}`);
    }
    // Drain the body so the connection can be reused.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`forward target answered ${response.status}`);
  };
}

function describe(error: unknown): string {
  if (typeof error !== "object" || error === null) return String(error);
  const { cause, message, name } = error as { cause?: unknown; message?: unknown; name?: unknown };
  if (name === "TimeoutError") return "timed out";
  if (typeof cause === "object" && cause !== null && typeof (cause as { message?: unknown }).message === "string") {
    return (cause as { message: string }).message;
  }
  return typeof message === "string" ? message : String(error);
}
