import type { DemoRequestInput } from "@/lib/demo-requests/schema";

export type SubmitResult = { ok: true; id: string } | { ok: false; message: string };

export const NETWORK_ERROR_MESSAGE = "We couldn't reach our server. Please check your connection and try again.";
const FALLBACK_ERROR_MESSAGE = "We couldn't send your request. Please try again.";

/** A random key for one submission, kept across its retries (Idempotency-Key). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Posts a demo request (SPEC 7) and turns every outcome into a value the form can show. */
export async function submitDemoRequest(
  payload: DemoRequestInput,
  idempotencyKey: string,
  fetcher: typeof fetch = fetch,
): Promise<SubmitResult> {
  let response: Response;
  try {
    response = await fetcher("/api/book-free-demo", {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": idempotencyKey },
      body: JSON.stringify(payload),
    });
  } catch {
    return { ok: false, message: NETWORK_ERROR_MESSAGE };
  }
  const body = (await response.json().catch(() => null)) as { id?: unknown; message?: unknown } | null;
  if (response.ok && typeof body?.id === "string") return { ok: true, id: body.id };
  // 4xx messages are written for users; 5xx ones may not be.
  const message = response.status < 500 && typeof body?.message === "string" ? body.message : FALLBACK_ERROR_MESSAGE;
  return { ok: false, message };
}
