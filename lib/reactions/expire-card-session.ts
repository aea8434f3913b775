import "server-only";

import { eq } from "drizzle-orm";

import type { orderHoldReleased } from "@/lib/commerce/events";
import { expireCardSession } from "@/lib/commerce/payments/card-sessions";
import type { Database } from "@/lib/platform/db/client";
import { orders } from "@/lib/platform/db/schema";
import type { EventPayload } from "@/lib/platform/events/events";
import type { Handler } from "@/lib/platform/events/reactions";

type OrderHoldReleased = EventPayload<typeof orderHoldReleased>;

/**
 * An order's hold was released (order.hold-released): its Stripe Checkout Session is expired, so the
 * parent cannot pay for seats no longer held. Idempotent: a session Stripe no longer holds open
 * (expired by this handler before, or by Stripe at the hold's end, or paid) is done; a failure to
 * reach Stripe throws, and the outbox retries. A payment made before the expiry reached Stripe meets
 * the late-payment rule (lib/commerce/payments/order-payment.ts): the seat again if free, else the
 * money back.
 */
export const expireCardSessionOfOrder: Handler<OrderHoldReleased> = {
  name: "expire-card-session",
  async handle(db: Database, { orderId, checkoutSessionId }: OrderHoldReleased): Promise<void> {
    let sessionId = checkoutSessionId;
    if (!sessionId) {
      const [order] = await db.select({ sessionId: orders.stripeCheckoutSessionId }).from(orders).where(eq(orders.id, orderId));
      sessionId = order?.sessionId ?? null;
    }
    if (sessionId) await expireCardSession(sessionId);
  },
};
