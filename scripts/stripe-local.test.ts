import { mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import Stripe from "stripe";

import { startEmbeddedStripe, stripeStandInDecision } from "./embedded-stripe.mjs";
import { startStripeLocal, type RunningStripeLocal } from "./stripe-local.mjs";

/**
 * Issue 31 item 1: the embedded default's card payments. The local stand-in speaks the part of
 * Stripe's API the product uses, through the real SDK; its TEST page takes test cards and signs
 * checkout.session.completed as Stripe does; it runs on this machine only and never in production.
 */
const API_KEY = "sk_test_local_jest";
const WEBHOOK_SECRET = "whsec_local_jest";

interface Received {
  body: string;
  signature: string | undefined;
}

let received: Received[];
let webhookServer: http.Server;
let webhookUrl: string;
let local: RunningStripeLocal;
let stripe: Stripe;

beforeAll(async () => {
  received = [];
  webhookServer = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      received.push({ body, signature: req.headers["stripe-signature"] as string | undefined });
      res.writeHead(200, { "content-type": "application/json" }).end('{"message":"Received."}');
    });
  });
  await new Promise<void>((resolve) => webhookServer.listen(0, "127.0.0.1", resolve));
  webhookUrl = `http://127.0.0.1:${(webhookServer.address() as AddressInfo).port}/api/webhooks/stripe`;
  local = await startStripeLocal({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET, webhookUrl, env: {} });
  const url = new URL(local.url);
  stripe = new Stripe(API_KEY, { host: url.hostname, port: Number(url.port), protocol: "http", maxNetworkRetries: 0 });
});
afterAll(async () => {
  await local.stop();
  await new Promise((resolve) => webhookServer.close(resolve));
});

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

function sessionParams(id: string, overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams {
  return {
    mode: "payment",
    client_reference_id: id,
    metadata: { pays: "order", orderId: id },
    customer_email: "parent@example.com",
    line_items: [
      { quantity: 1, price_data: { currency: "usd", unit_amount: 12900, product_data: { name: "Piano for Beginners for Sam" } } },
    ],
    expires_at: inAnHour(),
    success_url: `http://localhost:3000/cart?order=${id}`,
    cancel_url: `http://localhost:3000/cart?order=${id}`,
    ...overrides,
  };
}

/** A request to the stand-in as a browser makes it (raw, so the Host and Origin headers are ours to set). */
function request(
  pathName: string,
  options: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: local.port,
        path: pathName,
        method: options.method ?? "GET",
        headers: {
          ...(options.body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** The app's copy of a delivery about this session, once it arrives (webhooks after an API call are asynchronous, as Stripe's). */
async function deliveryAbout(sessionId: string): Promise<Received | undefined> {
  for (let i = 0; i < 50; i++) {
    const found = received.find((r) => r.body.includes(sessionId));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}

const payPath = (url: string | null) => new URL(url ?? "").pathname;
const card = (number: string) => `cardNumber=${encodeURIComponent(number)}`;

describe("refused off this machine and in production (as the mailbox)", () => {
  it("does not listen on a non-loopback host, nor with NODE_ENV=production", async () => {
    await expect(startStripeLocal({ host: "0.0.0.0", env: {} })).rejects.toThrow(/not a loopback host/);
    await expect(startStripeLocal({ host: "127.0.0.1", env: { NODE_ENV: "production" } })).rejects.toThrow(/NODE_ENV=production/);
  });

  it("answers nothing to a request naming another host (DNS rebinding)", async () => {
    const answer = await request("/v1/checkout/sessions", {
      headers: { host: "pay.attacker.example", authorization: `Bearer ${API_KEY}` },
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatch(/loopback names only/);
    const page = await request("/c/pay/cs_test_x", { headers: { host: `evil.example:${local.port}` } });
    expect(page.status).toBe(403);
  });

  it("is started by npm start only without a Stripe key, on this machine, and not in production", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "embedded-stripe-"));
    try {
      const host = "127.0.0.1";
      expect(stripeStandInDecision(root, {}, { host }).start).toBe(true);
      expect(stripeStandInDecision(root, { STRIPE_SECRET_KEY: "sk_live_real" }, { host })).toMatchObject({
        start: false,
        reason: /Stripe/,
      });
      expect(stripeStandInDecision(root, { NODE_ENV: "production" }, { host })).toMatchObject({ start: false, reason: /production/ });
      expect(stripeStandInDecision(root, {}, { host: "0.0.0.0" })).toMatchObject({ start: false, reason: /loopback/ });
      expect(stripeStandInDecision(root, { APP_URL: "https://classes.example.com" }, { host })).toMatchObject({ start: false });
      expect(stripeStandInDecision(root, { DATABASE_URL: "postgres://db.example.com/prod" }, { host })).toMatchObject({ start: false });
      expect(stripeStandInDecision(root, { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/dev" }, { host }).start).toBe(true);
      expect(stripeStandInDecision(root, { LOCAL_CARD_PAYMENTS: "off" }, { host }).start).toBe(false);
      // A key in a .env file counts (Next gives it to the app); set empty in the environment, the environment decides.
      await writeFile(path.join(root, ".env.local"), "STRIPE_SECRET_KEY=sk_test_from_file\n");
      expect(stripeStandInDecision(root, {}, { host }).start).toBe(false);
      expect(stripeStandInDecision(root, { STRIPE_SECRET_KEY: "" }, { host }).start).toBe(true);

      const embedded = await startEmbeddedStripe(root, { STRIPE_SECRET_KEY: "" }, { host, port: 3999 });
      try {
        expect(embedded.env.STRIPE_SECRET_KEY).toMatch(/^sk_test_local_[0-9a-f]{32}$/);
        expect(embedded.env.STRIPE_WEBHOOK_SECRET).toMatch(/^whsec_local_/);
        expect(embedded.env.STRIPE_API_URL).toBe(embedded.server?.url);
        expect(embedded.server?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      } finally {
        await embedded.server?.stop();
      }
      const refused = await startEmbeddedStripe(root, { NODE_ENV: "production", STRIPE_SECRET_KEY: "" }, { host, port: 3999 });
      expect(refused).toMatchObject({ env: {}, server: null });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe("the API, through the Stripe SDK", () => {
  it("creates a Checkout Session whose url is its own TEST page, and retrieves it", async () => {
    const session = await stripe.checkout.sessions.create(sessionParams("11111111-1111-4111-8111-111111111111"));
    expect(session).toMatchObject({
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      payment_intent: null,
      amount_total: 12900,
      currency: "usd",
      client_reference_id: "11111111-1111-4111-8111-111111111111",
      metadata: { pays: "order", orderId: "11111111-1111-4111-8111-111111111111" },
      livemode: false,
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${local.url}/c/pay/${session.id}`);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ id: session.id, status: "open" });
  });

  it("answers with Stripe's errors: a wrong key, a missing or bad parameter, an unknown session", async () => {
    const wrongKey = new Stripe("sk_test_wrong", { host: "127.0.0.1", port: local.port, protocol: "http", maxNetworkRetries: 0 });
    await expect(wrongKey.checkout.sessions.create(sessionParams("a"))).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(stripe.checkout.sessions.create(sessionParams("b", { success_url: undefined }))).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      code: "parameter_missing",
      param: "success_url",
    });
    await expect(
      stripe.checkout.sessions.create(sessionParams("c", { expires_at: Math.floor(Date.now() / 1000) + 60 })),
    ).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      param: "expires_at",
    });
    await expect(stripe.checkout.sessions.retrieve("cs_test_nothing")).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 404,
      code: "resource_missing",
      message: "No such checkout.session: 'cs_test_nothing'",
    });
  });

  it("keeps Stripe's idempotency: the same key and parameters answer the same session; other parameters are refused", async () => {
    const params = sessionParams("22222222-2222-4222-8222-222222222222");
    const first = await stripe.checkout.sessions.create(params, { idempotencyKey: "checkout-2222" });
    const again = await stripe.checkout.sessions.create(params, { idempotencyKey: "checkout-2222" });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers["idempotent-replayed"]).toBe("true");
    await expect(
      stripe.checkout.sessions.create({ ...params, client_reference_id: "someone-else" }, { idempotencyKey: "checkout-2222" }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it("expires an open session once, and tells the app with a signed checkout.session.expired", async () => {
    const session = await stripe.checkout.sessions.create(sessionParams("33333333-3333-4333-8333-333333333333"));
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ id: session.id, status: "expired", url: null });
    const delivery = await deliveryAbout(session.id);
    const event = stripe.webhooks.constructEvent(delivery?.body ?? "", delivery?.signature ?? "", WEBHOOK_SECRET);
    expect(event.type).toBe("checkout.session.expired");
    expect(event.data.object).toMatchObject({
      id: session.id,
      status: "expired",
      client_reference_id: "33333333-3333-4333-8333-333333333333",
    });
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ type: "StripeInvalidRequestError", statusCode: 400 });
    // Its page says so, and takes no card.
    const page = await request(payPath(session.url));
    expect(page.body).toContain("This checkout has expired");
    expect(page.body).not.toContain('name="cardNumber"');
  });

  it("expires a session at its expires_at on its own, with checkout.session.expired", async () => {
    // Not strict: Stripe's 30-minute minimum would make the test wait half an hour.
    const quick = await startStripeLocal({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET, webhookUrl, strict: false, env: {} });
    try {
      const client = new Stripe(API_KEY, { host: "127.0.0.1", port: quick.port, protocol: "http", maxNetworkRetries: 0 });
      const session = await client.checkout.sessions.create(
        sessionParams("66666666-6666-4666-8666-666666666666", { expires_at: Math.floor(Date.now() / 1000) }),
      );
      const delivery = await deliveryAbout(session.id);
      expect(stripe.webhooks.constructEvent(delivery?.body ?? "", delivery?.signature ?? "", WEBHOOK_SECRET).type).toBe(
        "checkout.session.expired",
      );
      expect(await client.checkout.sessions.retrieve(session.id)).toMatchObject({ status: "expired", url: null });
    } finally {
      await quick.stop();
    }
  });
});

describe("the TEST page", () => {
  it("shows TEST MODE, the line and the amount; 4000 0000 0000 0002 is declined, another number refused, 4242 pays", async () => {
    const orderId = "44444444-4444-4444-8444-444444444444";
    const session = await stripe.checkout.sessions.create(sessionParams(orderId), { idempotencyKey: `checkout-${orderId}` });
    const pagePath = payPath(session.url);
    const page = await request(pagePath);
    expect(page.status).toBe(200);
    expect(page.headers["content-security-policy"]).toMatch(/default-src 'none'/);
    expect(page.body).toContain("TEST MODE — no real money");
    expect(page.body).toContain("Piano for Beginners for Sam");
    expect(page.body).toContain("Pay $129.00");
    expect(page.body).toMatch(/<label for="cardNumber">Card number<\/label>/);

    const declined = await request(pagePath, { method: "POST", body: card("4000 0000 0000 0002") });
    expect(declined.status).toBe(402);
    expect(declined.body).toContain("Your card was declined.");
    const refused = await request(pagePath, { method: "POST", body: card("5555 5555 5555 4444") });
    expect(refused.body).toContain("takes only the test card numbers");
    // A number that is not a test card is never shown back.
    expect(refused.body).not.toContain("5555");
    // Another site's form pays nothing.
    const forged = await request(pagePath, { method: "POST", body: card("4242424242424242"), headers: { origin: "http://evil.example" } });
    expect(forged.status).toBe(403);
    expect(received.some((r) => r.body.includes(session.id))).toBe(false);

    const paid = await request(pagePath, {
      method: "POST",
      body: card("4242 4242 4242 4242"),
      headers: { origin: `http://127.0.0.1:${local.port}` },
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(`http://localhost:3000/cart?order=${orderId}`);

    // Delivered before the redirect, signed as Stripe signs: the SDK's own check verifies it.
    const deliveries = received.filter((r) => r.body.includes(session.id));
    expect(deliveries).toHaveLength(1);
    const event = stripe.webhooks.constructEvent(deliveries[0]?.body ?? "", deliveries[0]?.signature ?? "", WEBHOOK_SECRET);
    expect(event.type).toBe("checkout.session.completed");
    const completed = event.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({
      id: session.id,
      status: "complete",
      payment_status: "paid",
      amount_total: 12900,
      currency: "usd",
      client_reference_id: orderId,
      metadata: { pays: "order", orderId },
    });
    expect(completed.payment_intent).toMatch(/^pi_test_/);
    expect(() => stripe.webhooks.constructEvent(deliveries[0]?.body ?? "", deliveries[0]?.signature ?? "", "whsec_other")).toThrow();

    // Paying twice (a double click, Back) pays once.
    const twice = await request(pagePath, { method: "POST", body: card("4242424242424242") });
    expect(twice.status).toBe(303);
    expect(received.filter((r) => r.body.includes(session.id))).toHaveLength(1);
    // The API reports the payment; an expiry now is refused.
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: "complete",
      payment_intent: completed.payment_intent,
    });
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 });

    // Refunds of that payment: part, the rest, then nothing more; another payment is unknown.
    const intent = completed.payment_intent as string;
    const part = await stripe.refunds.create({ payment_intent: intent, amount: 2900 }, { idempotencyKey: "refund-part" });
    expect(part).toMatchObject({ object: "refund", amount: 2900, payment_intent: intent, status: "succeeded", currency: "usd" });
    expect(part.id).toMatch(/^re_/);
    expect((await stripe.refunds.create({ payment_intent: intent, amount: 2900 }, { idempotencyKey: "refund-part" })).id).toBe(part.id);
    await expect(stripe.refunds.create({ payment_intent: intent, amount: 10001 })).rejects.toMatchObject({ code: "amount_too_large" });
    expect(await stripe.refunds.create({ payment_intent: intent })).toMatchObject({ amount: 10000 });
    await expect(stripe.refunds.create({ payment_intent: intent, amount: 1 })).rejects.toMatchObject({ code: "charge_already_refunded" });
    await expect(stripe.refunds.create({ payment_intent: "pi_test_unknown", amount: 100 })).rejects.toMatchObject({
      statusCode: 404,
      code: "resource_missing",
    });
  });

  it("keeps its payments in paymentsFile: after a restart a refund finds the payment and what was refunded of it", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "stripe-local-payments-"));
    const paymentsFile = path.join(dir, "payments.json");
    const options = { apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET, webhookUrl, paymentsFile, env: {} };
    try {
      let server = await startStripeLocal(options);
      let client = new Stripe(API_KEY, { host: "127.0.0.1", port: server.port, protocol: "http", maxNetworkRetries: 0 });
      const session = await client.checkout.sessions.create(sessionParams("77777777-7777-4777-8777-777777777777"));
      const url = new URL(session.url ?? "");
      const paid = await fetch(url, { method: "POST", body: new URLSearchParams({ cardNumber: "4242424242424242" }), redirect: "manual" });
      expect(paid.status).toBe(303);
      const { payment_intent: intent } = await client.checkout.sessions.retrieve(session.id);
      await client.refunds.create({ payment_intent: intent as string, amount: 9000 });
      await server.stop();

      server = await startStripeLocal(options);
      client = new Stripe(API_KEY, { host: "127.0.0.1", port: server.port, protocol: "http", maxNetworkRetries: 0 });
      try {
        await expect(client.refunds.create({ payment_intent: intent as string, amount: 3901 })).rejects.toMatchObject({
          code: "amount_too_large",
        });
        expect(await client.refunds.create({ payment_intent: intent as string, amount: 3900 })).toMatchObject({ status: "succeeded" });
      } finally {
        await server.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("sends the parent back to cancel_url from its Cancel link, and says when a session does not exist", async () => {
    const session = await stripe.checkout.sessions.create(
      sessionParams("55555555-5555-4555-8555-555555555555", { cancel_url: "http://localhost:3000/user/brightside-coin?top_up=5" }),
    );
    const page = await request(payPath(session.url));
    expect(page.body).toContain('<a href="http://localhost:3000/user/brightside-coin?top_up=5">Cancel and go back</a>');
    const missing = await request("/c/pay/cs_test_gone");
    expect(missing.status).toBe(404);
    expect(missing.body).toContain("Checkout not found");
  });
});
