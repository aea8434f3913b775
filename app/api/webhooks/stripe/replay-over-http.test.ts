import "@/test/stripe-env";

import { and, eq } from "drizzle-orm";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { openDatabase, setDatabaseForTests } from "@/lib/platform/db/client";
import { bookings, orders, payments } from "@/lib/platform/db/schema";
import { openChildDatabase } from "@/test/child-database";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { routeServerEnv, startRouteServer } from "@/test/route-server";
import { startStripeStandIn, STRIPE_STAND_IN_PORT } from "@/test/stripe-stand-in";
import { signatureFor } from "@/test/stripe-webhook";

/**
 * Issue 18: "the same webhook delivered 10 times: one payment, one enrolment", as Stripe does it:
 * over real HTTP, all at once, to a server process serving the real route (test/route-server.ts),
 * on PGlite or, with TEST_DATABASE_URL, PostgreSQL.
 */
test("the same checkout.session.completed sent 10 times at once over HTTP: ten 200s, one payment, one enrolment", async () => {
  const database = await openChildDatabase("stripe-replay", process.env.TEST_DATABASE_URL);
  const stripeApi = await startStripeStandIn(STRIPE_STAND_IN_PORT);
  try {
    // A pending card order, placed through the app's checkout before the server starts (PGlite: one process at a time).
    const setup = database.kind === "pglite" ? await openDatabase({ pgliteDir: database.env.PGLITE_DIR }) : await database.read();
    setDatabaseForTests(setup);
    const family = await newFamily(setup.db, 3_000);
    const sectionId = await newSection(setup.db, { priceMinor: 12_000 });
    const placed = await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]);
    const [opened] = await setup.db.select({ sessionId: orders.stripeCheckoutSessionId }).from(orders).where(eq(orders.id, placed.orderId));
    setDatabaseForTests(undefined);
    if (database.kind === "pglite") await setup.close();

    const server = await startRouteServer({
      routes: { "/api/webhooks/stripe": "app/api/webhooks/stripe/route.ts" },
      env: routeServerEnv(process.env, database.env),
    });
    // A session as opened before top-ups and gifts: the order only as client_reference_id, no metadata.
    const payload = JSON.stringify({
      id: "evt_test_over_http",
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          // The session the checkout opened (the webhook trusts no other for this order).
          id: opened!.sessionId,
          object: "checkout.session",
          client_reference_id: placed.orderId,
          amount_total: 9_000,
          currency: "usd",
          payment_status: "paid",
          payment_intent: "pi_test_over_http",
        },
      },
    });
    const signature = signatureFor(payload);
    let answers: Array<{ status: number; outcome: string }>;
    try {
      answers = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const response = await fetch(`${server.origin}/api/webhooks/stripe`, {
            method: "POST",
            headers: { "content-type": "application/json", "stripe-signature": signature },
            body: payload,
          });
          return { status: response.status, outcome: ((await response.json()) as { outcome: string }).outcome };
        }),
      );
    } finally {
      await server.stop();
    }

    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.outcome === "processed")).toHaveLength(1);
    const { db } = await database.read();
    const cards = await db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, placed.orderId), eq(payments.method, "card")));
    expect(cards).toHaveLength(1);
    const seats = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.sectionId, sectionId));
    expect(seats).toEqual([{ status: "confirmed" }]);
    const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, placed.orderId));
    expect(order).toEqual({ status: "paid" });
  } finally {
    await stripeApi.close();
    await database.dispose();
  }
}, 120_000);
