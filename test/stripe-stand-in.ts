import { randomUUID } from "node:crypto";
import http from "node:http";

/**
 * The Stripe endpoints the app calls (create and expire a Checkout Session, create a refund), served on
 * loopback for the SDK reached through STRIPE_API_URL (host/port/protocol options). It answers as
 * Stripe does, in shape, and records each request's form fields and idempotency key.
 */
export interface StripeStandIn {
  port: number;
  requests: Array<{ path: string; form: URLSearchParams; idempotencyKey: string | null }>;
  /** Makes the next calls fail with a Stripe API error (for "Stripe unreachable"). */
  failing: boolean;
  /** When set, refunds are refused as Stripe refuses an invalid request (400), with this message. */
  refusingRefunds: string | null;
  /** The refunds it created (a repeated idempotency key answers the first one and creates none). */
  refunds: Array<{ id: string; amount: number; paymentIntent: string | null; idempotencyKey: string | null }>;
  /** Each Checkout Session it opened and its status (a test may set one "complete", as a payment does). */
  checkoutSessions: Map<string, "open" | "complete" | "expired">;
  close(): Promise<void>;
}

export async function startStripeStandIn(port: number): Promise<StripeStandIn> {
  const standIn: StripeStandIn = {
    port,
    requests: [],
    failing: false,
    refusingRefunds: null,
    refunds: [],
    checkoutSessions: new Map(),
    close: async () => {},
  };
  const answered = new Map<string, unknown>();
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const form = new URLSearchParams(body);
      const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
      standIn.requests.push({ path: req.url ?? "", form, idempotencyKey });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": `req_${randomUUID()}` });
        res.end(JSON.stringify(json));
      };
      if (standIn.failing) return send(500, { error: { type: "api_error", message: "The stand-in is failing on purpose." } });
      // Stripe's idempotency: the same key answers the same object.
      if (idempotencyKey && answered.has(idempotencyKey)) return send(200, answered.get(idempotencyKey));
      let json: unknown;
      if (req.method === "POST" && req.url === "/v1/checkout/sessions") {
        // Named after its purchase as test/stripe-webhook.ts's events name theirs, so an event matches the session opened.
        const id = `cs_test_${(form.get("client_reference_id") ?? randomUUID()).slice(0, 8)}`;
        standIn.checkoutSessions.set(id, "open");
        json = {
          id,
          object: "checkout.session",
          url: `https://checkout.stripe.test/c/pay/${id}`,
          client_reference_id: form.get("client_reference_id"),
          amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
          currency: form.get("line_items[0][price_data][currency]"),
          payment_status: "unpaid",
          status: "open",
          expires_at: Number(form.get("expires_at")),
        };
      } else if (req.method === "POST" && /^\/v1\/checkout\/sessions\/[^/]+\/expire$/.test(req.url ?? "")) {
        // Stripe expires only an open session; anything else is an invalid request (400), an unknown id a 404.
        const id = decodeURIComponent((req.url ?? "").split("/")[4] ?? "");
        const status = standIn.checkoutSessions.get(id);
        if (!status)
          return send(404, {
            error: { type: "invalid_request_error", code: "resource_missing", message: `No such checkout.session: '${id}'` },
          });
        if (status !== "open") {
          return send(400, {
            error: {
              type: "invalid_request_error",
              message: `Only Checkout Sessions with a status in ["open"] can be expired. This one is ${status}.`,
            },
          });
        }
        standIn.checkoutSessions.set(id, "expired");
        json = { id, object: "checkout.session", status: "expired", payment_status: "unpaid" };
      } else if (req.method === "POST" && req.url === "/v1/refunds") {
        if (standIn.refusingRefunds) {
          return send(400, { error: { type: "invalid_request_error", code: "charge_already_refunded", message: standIn.refusingRefunds } });
        }
        const refund = {
          id: `re_${randomUUID().replace(/-/g, "")}`,
          amount: Number(form.get("amount")),
          paymentIntent: form.get("payment_intent"),
          idempotencyKey,
        };
        standIn.refunds.push(refund);
        json = { id: refund.id, object: "refund", amount: refund.amount, payment_intent: refund.paymentIntent, status: "succeeded" };
      } else {
        return send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${req.url}).` } });
      }
      if (idempotencyKey) answered.set(idempotencyKey, json);
      send(200, json);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  standIn.close = () => new Promise((resolve) => server.close(() => resolve()));
  return standIn;
}

/** A port for this Jest worker's stand-in, chosen before the app's env module reads STRIPE_API_URL. */
export const STRIPE_STAND_IN_PORT = 21_000 + (process.pid % 8_000);
