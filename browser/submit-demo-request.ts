import { HONEYPOT_FIELD } from "@/lib/demo-requests/honeypot";
import type { DemoRequestInput } from "@/lib/demo-requests/schema";
import { postJson } from "@/browser/post-json";

/** bookingToken: the signed proof of this lead that the time picker sends (absent from an older server). */
/** isRepeat: the same email and grade had asked within a day, and that request was updated instead. */
export type SubmitResult = { ok: true; id: string; bookingToken: string | null; isRepeat: boolean } | { ok: false; message: string };

/** A random key for one submission, kept across its retries (Idempotency-Key). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Posts a demo request (SPEC 7); every outcome is a value the form can show. `honeypot` is the
 * hidden field's value, sent as it is: empty from a person, filled by a bot.
 */
export async function submitDemoRequest(payload: DemoRequestInput, idempotencyKey: string, honeypot = ""): Promise<SubmitResult> {
  const body = { ...payload, [HONEYPOT_FIELD]: honeypot };
  const result = await postJson<{ id: string; bookingToken?: string; isRepeat?: boolean }>("/api/book-free-demo", body, {
    "idempotency-key": idempotencyKey,
  });
  return result.ok
    ? { ok: true, id: result.id, bookingToken: result.bookingToken ?? null, isRepeat: result.isRepeat === true }
    : { ok: false, message: result.message };
}
