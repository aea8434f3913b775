import { verifyStripeEvent } from "@/lib/commerce/payments/stripe";
import { handleStripeEvent } from "@/lib/commerce/payments/webhook";
import { errorResponse, jsonMessage } from "@/lib/platform/http/responses";

/** Stripe's events are a few kilobytes; anything far larger is not from Stripe. */
const MAX_BODY_BYTES = 512 * 1024;

/**
 * Stripe's webhook (issue 18): the signature is checked by the SDK on the raw body before anything
 * is read from it (400 and nothing changed otherwise); each event is handled once, however often
 * Stripe delivers it (200 for a replay). No Origin check: Stripe is not a browser on this site.
 */
export async function POST(request: Request) {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) return jsonMessage(413, "The event is too large.");
  const raw = await request.text();
  if (raw.length > MAX_BODY_BYTES) return jsonMessage(413, "The event is too large.");
  const event = verifyStripeEvent(raw, request.headers.get("stripe-signature"));
  if (!event) return jsonMessage(400, "The Stripe signature is missing or does not match.");
  try {
    const outcome = await handleStripeEvent(event);
    // A payment or an expiry that moves seats writes its event: the pages that show them expire by its reaction (lib/reactions/table.ts).
    return jsonMessage(200, outcome === "duplicate" ? "Already handled." : "Received.", { outcome });
  } catch (error) {
    // Not stored: Stripe delivers it again.
    return errorResponse(error, "stripe-webhook");
  }
}
