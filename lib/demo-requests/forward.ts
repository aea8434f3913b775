import "server-only";

import type { Sender } from "@/lib/outbox/outbox";

export const DEMO_REQUEST_TOPIC = "demo_request.forward";

/** Delivers a demo request to the configured CRM / legacy backend (DEMO_FORWARD_URL). */
export function httpForwarder(url: string, token?: string, timeoutMs = 10_000): Sender {
  return async (message) => {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "idempotency-key": message.dedupeKey,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(message.payload),
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Drain the body so the connection can be reused.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new Error(`forward target answered ${response.status}`);
  };
}
