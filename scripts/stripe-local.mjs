// The embedded default's card payments: a local stand-in for the part of Stripe's API the product
// uses (Checkout Sessions: create, retrieve, expire; refunds; Connect: Express accounts, their
// onboarding Account Links and a TEST onboarding page, transfers), with a hosted page of its own that
// says TEST and takes a test card number, and webhooks signed as Stripe signs them (the SDK's
// generateTestHeaderString) and posted to the app. `npm start` and `npm run dev` run it on loopback
// when no STRIPE_SECRET_KEY is configured (scripts/embedded-stripe.mjs); test/stripe-stand-in.ts
// runs it for the Jest tests. No real money moves: nothing here talks to Stripe.
//
// Sessions live in this process's memory: a restart forgets them (a session still open then simply
// never completes; the app lets its seat hold lapse). Payments are kept in `paymentsFile` when given,
// so a refund after a restart finds the payment, as it would at Stripe.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";

import Stripe from "stripe";

import { isLoopbackHost } from "../lib/platform/loopback.mjs";
import { checkoutPage, DECLINED_CARD, onboardingPage, PAYING_CARD } from "./stripe-local-page.mjs";
import { writeFileAtomically } from "./write-file-atomically.mjs";

const MAX_BODY_BYTES = 256 * 1024;
/** Stripe's own bounds on a Checkout Session's expires_at. */
const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;
/** Webhook retries after a failed delivery (Stripe retries for days; here, about a minute). */
const RETRY_DELAYS_MS = [2_000, 10_000, 60_000];

const newId = (prefix) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** Why the stand-in may not run with these settings, or null. The same rule as the mailbox: this machine only, never production. */
export function stripeLocalRefusal({ host, env = process.env }) {
  if (env.NODE_ENV === "production") return "NODE_ENV=production: a stand-in that takes test cards has no place in production";
  if (!isLoopbackHost(host)) return `${host || "every interface"} is not a loopback host: the stand-in listens on this machine only`;
  return null;
}

/** Stripe's form encoding (`line_items[0][price_data][currency]=usd`) as nested objects and arrays. */
export function decodeForm(body) {
  const root = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part, index) => index === 0 || part !== "");
    let node = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[index + 1]);
      if (last) node[part] = value;
      else node = node[part] ??= nextIsIndex ? [] : {};
    });
  }
  return root;
}

function readPayments(file) {
  try {
    const list = JSON.parse(readFileSync(file, "utf8"));
    return Array.isArray(list) ? list.filter((p) => typeof p?.intent === "string" && Number.isInteger(p.amount)) : [];
  } catch {
    return []; // none yet, or unreadable: a fresh start
  }
}

class StripeError extends Error {
  constructor(status, error) {
    super(error.message);
    this.status = status;
    this.error = { type: "invalid_request_error", ...error };
  }
}

const missing = (param) => new StripeError(400, { code: "parameter_missing", param, message: `Missing required param: ${param}.` });
const noSuch = (kind, id, param = "id") => new StripeError(404, { code: "resource_missing", param, message: `No such ${kind}: '${id}'` });

function integerParam(value, param, { min = 0 } = {}) {
  if (value === undefined || value === "") return undefined;
  if (!/^-?\d+$/.test(String(value)) || Number(value) < min) {
    throw new StripeError(400, { code: "parameter_invalid_integer", param, message: `Invalid integer: ${value}` });
  }
  return Number(value);
}

/**
 * Starts the stand-in on host:port (port 0: any free port) and resolves once it listens.
 * - apiKey: the secret key the API answers to (null: any, as the Jest stand-in wants);
 * - webhookSecret and webhookUrl: where and how events go (no webhookUrl: no deliveries);
 * - strict (default true): Stripe's checks on expires_at and on refunds of unknown or spent payments;
 *   off for the Jest tests, whose fake clocks and payment intents are not this stand-in's;
 * - pageOrigin: the origin of the hosted page in a session's `url` (default: this server's own);
 * - paymentsFile: a JSON file that keeps the payments (and what was refunded of each) across restarts;
 * - sessionIdOf: names a new session from its parameters (the Jest tests name it after its purchase,
 *   as their signed events do); by default a random cs_test_ id.
 */
export async function startStripeLocal({
  host = "127.0.0.1",
  port = 0,
  apiKey = null,
  webhookSecret,
  webhookUrl = null,
  strict = true,
  pageOrigin = null,
  paymentsFile = null,
  sessionIdOf = null,
  env = process.env,
} = {}) {
  const refusal = stripeLocalRefusal({ host, env });
  if (refusal) throw new Error(`The local card stand-in refuses to start: ${refusal}.`);
  const signer = new Stripe(apiKey ?? "sk_test_local");
  const sessions = new Map();
  /** Connected accounts (Express) by id, and onboarding links by their one-use id. */
  const accounts = new Map();
  const accountLinks = new Map();
  /** Payments made on the TEST page, by payment intent: what a refund may take back. */
  const payments = new Map(paymentsFile ? readPayments(paymentsFile).map((p) => [p.intent, p]) : []);
  const savePayments = () => {
    if (!paymentsFile) return;
    mkdirSync(path.dirname(paymentsFile), { recursive: true });
    writeFileAtomically(paymentsFile, `${JSON.stringify([...payments.values()], null, 2)}\n`);
  };
  const answered = new Map();
  const timers = new Set();
  const state = {
    /** Every API request: its path, form fields and idempotency key (the Jest tests read them). */
    requests: [],
    refunds: [],
    /** The transfers it created (a repeated idempotency key answers the first one and creates none). */
    transfers: [],
    /** Every webhook delivery attempt: the event, and the app's status (or the error). */
    deliveries: [],
    /** Makes every API call fail as Stripe does when it is down (500 api_error). */
    failing: false,
    /** When set, refunds are refused with this message (400, charge_already_refunded). */
    refusingRefunds: null,
    /** When set, transfers are refused with this message (400, as Stripe refuses one the balance cannot cover). */
    refusingTransfers: null,
    /** Moves the stand-in's clock (ms): Stripe forgets an idempotency key 24 hours after its first use (issue 39's retried payout). */
    clockOffsetMs: 0,
  };
  /** Stripe keeps an idempotency key for 24 hours, then a request with it is a new request. */
  const IDEMPOTENCY_KEY_MS = 24 * 3_600_000;
  const standInNow = () => Date.now() + state.clockOffsetMs;
  /** Every transfer made, as Stripe lists them (GET /v1/transfers?transfer_group=...). */
  const transferObjects = [];

  const later = (ms, task) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      task();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  /** Posts an event as Stripe does; resolves whether the app took it. A failed delivery is retried later. */
  async function deliver(type, object) {
    if (!webhookUrl || !webhookSecret) return false;
    const event = {
      id: newId("evt_local"),
      object: "event",
      api_version: Stripe.API_VERSION ?? null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
    return send(event, 0);
  }

  // A retry is the same event, as Stripe's are (the app handles each id once), freshly signed.
  async function send(event, attempt) {
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const delivery = { type: event.type, event, status: null, error: null };
    state.deliveries.push(delivery);
    try {
      const response = await fetch(webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
        body: payload,
        signal: AbortSignal.timeout(15_000),
      });
      delivery.status = response.status;
      if (response.ok) return true;
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    const delay = RETRY_DELAYS_MS[attempt];
    console.error(
      `[stripe-local] ${event.type} not taken by ${webhookUrl} (${delivery.status ?? delivery.error})${delay ? `; again in ${delay / 1000} s` : ""}`,
    );
    if (delay) later(delay, () => void send(event, attempt + 1));
    return false;
  }

  function publicSession(session) {
    return { ...session, url: session.status === "open" ? `${pageOrigin ?? standIn.url}/c/pay/${session.id}` : null };
  }

  function expireSession(session) {
    session.status = "expired";
    void deliver("checkout.session.expired", publicSession(session));
  }

  function createSession(params) {
    if (!params.mode) throw missing("mode");
    if (params.mode !== "payment") {
      throw new StripeError(400, { param: "mode", message: `The local stand-in supports mode=payment only, not ${params.mode}.` });
    }
    if (!params.success_url) throw missing("success_url");
    const items = params.line_items ?? [];
    if (!Array.isArray(items) || items.length === 0) throw missing("line_items");
    let currency = null;
    let total = 0;
    const lines = items.map((item, index) => {
      const param = `line_items[${index}]`;
      if (item.price) throw noSuch("price", item.price, `${param}[price]`);
      const data = item.price_data;
      if (!data) throw missing(`${param}[price_data]`);
      if (!data.currency) throw missing(`${param}[price_data][currency]`);
      if (currency && data.currency.toLowerCase() !== currency) {
        throw new StripeError(400, { param: `${param}[price_data][currency]`, message: "All line items must use the same currency." });
      }
      currency = data.currency.toLowerCase();
      const unitAmount = integerParam(data.unit_amount, `${param}[price_data][unit_amount]`);
      if (unitAmount === undefined) throw missing(`${param}[price_data][unit_amount]`);
      const quantity = integerParam(item.quantity, `${param}[quantity]`, { min: 1 }) ?? 1;
      const name = data.product_data?.name;
      if (!name) throw missing(`${param}[price_data][product_data][name]`);
      total += unitAmount * quantity;
      return { name, quantity, unitAmount };
    });
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = integerParam(params.expires_at, "expires_at") ?? now + MAX_EXPIRY_SECONDS;
    // A minute's slack: the app computes a 30-minute hold before it calls, so it arrives a moment under.
    if (strict && (expiresAt < now + MIN_EXPIRY_SECONDS - 60 || expiresAt > now + MAX_EXPIRY_SECONDS)) {
      throw new StripeError(400, {
        param: "expires_at",
        message: "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.",
      });
    }
    const session = {
      id: sessionIdOf ? sessionIdOf(params) : newId("cs_test"),
      object: "checkout.session",
      amount_subtotal: total,
      amount_total: total,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      created: now,
      currency,
      customer_email: params.customer_email ?? null,
      expires_at: expiresAt,
      livemode: false,
      metadata: params.metadata ?? {},
      mode: "payment",
      payment_intent: null,
      payment_status: "unpaid",
      status: "open",
      success_url: params.success_url,
    };
    sessions.set(session.id, { session, lines });
    if (webhookUrl) later(Math.max(0, expiresAt * 1000 - Date.now()), () => session.status === "open" && expireSession(session));
    return publicSession(session);
  }

  function findSession(id) {
    const found = sessions.get(id);
    if (!found) throw noSuch("checkout.session", id);
    return found.session;
  }

  function createRefund(params, idempotencyKey) {
    if (state.refusingRefunds) throw new StripeError(400, { code: "charge_already_refunded", message: state.refusingRefunds });
    const intent = params.payment_intent;
    if (!intent && !params.charge) throw missing("payment_intent");
    const requested = integerParam(params.amount, "amount", { min: 1 });
    const payment = intent ? payments.get(intent) : [...payments.values()].find((p) => p.charge === params.charge);
    if (strict && !payment) throw intent ? noSuch("payment_intent", intent, "payment_intent") : noSuch("charge", params.charge, "charge");
    if (strict && payment) {
      const left = payment.amount - payment.refunded;
      if (left <= 0)
        throw new StripeError(400, { code: "charge_already_refunded", message: `Charge ${payment.charge} has already been refunded.` });
      if ((requested ?? left) > left) {
        throw new StripeError(400, {
          code: "amount_too_large",
          param: "amount",
          message: `Refund amount (${requested}) is greater than unrefunded amount on charge (${left}).`,
        });
      }
    }
    const amount = requested ?? (payment ? payment.amount - payment.refunded : 0);
    if (payment) {
      payment.refunded += amount;
      savePayments();
    }
    const refund = {
      id: newId("re"),
      object: "refund",
      amount,
      charge: payment?.charge ?? null,
      created: Math.floor(Date.now() / 1000),
      currency: payment?.currency ?? "usd",
      metadata: params.metadata ?? {},
      payment_intent: intent ?? payment?.intent ?? null,
      reason: params.reason ?? null,
      status: "succeeded",
    };
    state.refunds.push({ id: refund.id, amount, paymentIntent: refund.payment_intent, idempotencyKey });
    return refund;
  }

  function createAccount(params) {
    if (!params.type && !params.controller) throw missing("type");
    const account = {
      id: newId("acct_test"),
      object: "account",
      type: params.type ?? "express",
      email: params.email ?? null,
      country: params.country ?? "US",
      created: Math.floor(Date.now() / 1000),
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      capabilities: Object.fromEntries(Object.keys(params.capabilities ?? {}).map((name) => [name, "inactive"])),
      metadata: params.metadata ?? {},
    };
    accounts.set(account.id, account);
    return account;
  }

  function findAccount(id, param = "id") {
    const account = accounts.get(id);
    if (!account) throw noSuch("account", id, param);
    return account;
  }

  function createAccountLink(params) {
    for (const param of ["account", "type", "refresh_url", "return_url"]) if (!params[param]) throw missing(param);
    findAccount(params.account, "account");
    const id = randomBytes(12).toString("hex");
    const created = Math.floor(Date.now() / 1000);
    accountLinks.set(id, {
      account: params.account,
      returnUrl: params.return_url,
      refreshUrl: params.refresh_url,
      expiresAt: created + 300,
      used: false,
    });
    return { object: "account_link", created, expires_at: created + 300, url: `${pageOrigin ?? standIn.url}/connect/onboard/${id}` };
  }

  /** Completes an account's onboarding, as Stripe does once its form is filled in, and tells the app (account.updated). */
  async function completeOnboarding(accountId) {
    const account = accounts.get(accountId);
    if (!account) return null;
    Object.assign(account, { details_submitted: true, charges_enabled: true, payouts_enabled: true });
    for (const name of Object.keys(account.capabilities)) account.capabilities[name] = "active";
    await deliver("account.updated", account);
    return account;
  }

  function createTransfer(params, idempotencyKey) {
    if (state.refusingTransfers) throw new StripeError(400, { code: "balance_insufficient", message: state.refusingTransfers });
    const amount = integerParam(params.amount, "amount", { min: 1 });
    if (amount === undefined) throw missing("amount");
    if (!params.currency) throw missing("currency");
    if (!params.destination) throw missing("destination");
    const account = accounts.get(params.destination);
    if (strict && !account) throw noSuch("account", params.destination, "destination");
    if (strict && !account.payouts_enabled) {
      throw new StripeError(400, {
        param: "destination",
        message:
          "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
      });
    }
    const transfer = {
      id: newId("tr"),
      object: "transfer",
      amount,
      amount_reversed: 0,
      created: Math.floor(Date.now() / 1000),
      currency: params.currency.toLowerCase(),
      description: params.description ?? null,
      destination: params.destination,
      livemode: false,
      metadata: params.metadata ?? {},
      reversed: false,
      transfer_group: params.transfer_group ?? null,
    };
    state.transfers.push({ id: transfer.id, amount, currency: transfer.currency, destination: transfer.destination, idempotencyKey });
    transferObjects.push(transfer);
    return transfer;
  }

  /** The TEST page's card: pays, declines, or is refused. Returns the outcome for the page. */
  async function payWithCard(session, cardNumber) {
    const digits = String(cardNumber ?? "").replace(/[\s-]/g, "");
    if (digits === DECLINED_CARD) return { error: "Your card was declined.", cardNumber: "4000 0000 0000 0002" };
    if (digits !== PAYING_CARD)
      return { error: "This test page takes only the test card numbers shown below. Never enter a real card here." };
    const intent = newId("pi_test");
    const charge = newId("ch_test");
    payments.set(intent, { intent, charge, amount: session.amount_total, currency: session.currency, refunded: 0 });
    savePayments();
    Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: intent });
    await deliver("checkout.session.completed", publicSession(session));
    return { paid: true };
  }

  function api(method, path, params, idempotencyKey, query = new URLSearchParams()) {
    let match;
    if (method === "POST" && path === "/v1/checkout/sessions") return createSession(params);
    if (method === "GET" && (match = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path))) return publicSession(findSession(match[1]));
    if (method === "POST" && (match = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(path))) {
      const session = findSession(match[1]);
      if (session.status !== "open") {
        throw new StripeError(400, {
          message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
        });
      }
      expireSession(session);
      return publicSession(session);
    }
    if (method === "POST" && path === "/v1/refunds") return createRefund(params, idempotencyKey);
    if (method === "POST" && path === "/v1/accounts") return createAccount(params);
    if (method === "GET" && (match = /^\/v1\/accounts\/([\w-]+)$/.exec(path))) return findAccount(match[1]);
    if (method === "POST" && path === "/v1/account_links") return createAccountLink(params);
    if (method === "POST" && path === "/v1/transfers") return createTransfer(params, idempotencyKey);
    if (method === "GET" && path === "/v1/transfers") {
      const group = query.get("transfer_group");
      const data = transferObjects.filter((t) => group === null || t.transfer_group === group).reverse();
      return { object: "list", url: "/v1/transfers", has_more: false, data };
    }
    throw new StripeError(404, { message: `Unrecognized request URL (${method}: ${path}).` });
  }

  function sendJson(res, status, json, headers = {}) {
    res.writeHead(status, { "content-type": "application/json", "request-id": newId("req"), ...headers });
    res.end(JSON.stringify(json));
  }

  function handleApi(req, res, body) {
    const path = (req.url ?? "").split("?")[0];
    const form = new URLSearchParams(body);
    const idempotencyKey = req.headers["idempotency-key"] ?? null;
    state.requests.push({ path, form, idempotencyKey });
    if (apiKey && req.headers.authorization !== `Bearer ${apiKey}`) {
      return sendJson(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided." } });
    }
    if (state.failing) return sendJson(res, 500, { error: { type: "api_error", message: "The stand-in is failing on purpose." } });
    // Stripe's idempotency: the same key and parameters answer the first result again, and create nothing.
    const remembered = req.method === "POST" && idempotencyKey ? answered.get(idempotencyKey) : undefined;
    const replay = remembered && standInNow() - remembered.at < IDEMPOTENCY_KEY_MS ? remembered : undefined;
    if (replay) {
      if (replay.path !== path || replay.body !== body) {
        return sendJson(res, 400, {
          error: {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      }
      return sendJson(res, 200, replay.json, { "idempotent-replayed": "true" });
    }
    try {
      const query = new URLSearchParams((req.url ?? "").split("?")[1] ?? "");
      const json = api(req.method, path, decodeForm(body), idempotencyKey, query);
      if (req.method === "POST" && idempotencyKey) answered.set(idempotencyKey, { path, body, json, at: standInNow() });
      sendJson(res, 200, json, idempotencyKey ? { "idempotency-key": idempotencyKey } : {});
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      sendJson(res, error.status, { error: error.error });
    }
  }

  function sendPage(res, status, html) {
    res.writeHead(status, {
      "content-type": "text/html; charset=utf-8",
      // No script, no outside resource; its own form only (the redirect after it goes to the app).
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
      "x-content-type-options": "nosniff",
      // Not no-referrer: with it, Chromium sends "Origin: null" on the page's own form, which the check below refuses.
      "referrer-policy": "same-origin",
      "cache-control": "no-store",
    });
    res.end(html);
  }

  async function handlePage(req, res, id, body) {
    const found = sessions.get(id);
    if (!found) return sendPage(res, 404, checkoutPage({ notFound: true }));
    const { session, lines } = found;
    const returnTo = session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id);
    if (req.method === "POST") {
      // A form posted from another site is not the person on this page.
      const origin = req.headers.origin;
      if (origin && origin !== `http://${req.headers.host}`)
        return sendPage(res, 403, checkoutPage({ session, lines, error: "Refused: this form was sent from another site." }));
      if (session.status === "open") {
        const outcome = await payWithCard(session, new URLSearchParams(body).get("cardNumber"));
        if (outcome.error) return sendPage(res, 402, checkoutPage({ session, lines, ...outcome }));
      }
      if (session.status === "complete") {
        res.writeHead(303, { location: returnTo, "cache-control": "no-store" });
        return res.end();
      }
    }
    sendPage(res, 200, checkoutPage({ session, lines, returnTo }));
  }

  /** A link's TEST onboarding page: GET shows it, POST completes the account and goes back to the app; a used or expired link goes to its refresh URL. */
  async function handleOnboarding(req, res, id) {
    const link = accountLinks.get(id);
    if (!link) return sendPage(res, 404, onboardingPage({ notFound: true }));
    if (link.used || link.expiresAt * 1000 < Date.now()) {
      res.writeHead(303, { location: link.refreshUrl, "cache-control": "no-store" });
      return res.end();
    }
    if (req.method === "POST") {
      const origin = req.headers.origin;
      if (origin && origin !== `http://${req.headers.host}`) return sendPage(res, 403, onboardingPage({ notFound: true }));
      link.used = true;
      await completeOnboarding(link.account);
      res.writeHead(303, { location: link.returnUrl, "cache-control": "no-store" });
      return res.end();
    }
    const account = accounts.get(link.account);
    sendPage(res, 200, onboardingPage({ account: account?.id, email: account?.email ?? "" }));
  }

  const server = http.createServer((req, res) => {
    // Only a request to a loopback name: a page elsewhere that points its own name here (DNS rebinding) gets nothing.
    const hostname = (() => {
      try {
        return new URL(`http://${req.headers.host ?? ""}`).hostname;
      } catch {
        return "";
      }
    })();
    if (!isLoopbackHost(hostname)) {
      res.writeHead(403, { "content-type": "text/plain; charset=utf-8" });
      return res.end("The local card stand-in answers requests to this machine's loopback names only.\n");
    }
    let body = "";
    let size = 0;
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      size += Buffer.byteLength(chunk);
      if (size > MAX_BODY_BYTES) req.destroy();
      else body += chunk;
    });
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0];
      const page = /^\/c\/pay\/([\w-]+)$/.exec(path);
      const onboarding = /^\/connect\/onboard\/([\w-]+)$/.exec(path);
      const done = page
        ? handlePage(req, res, page[1], body)
        : onboarding
          ? handleOnboarding(req, res, onboarding[1])
          : Promise.resolve(handleApi(req, res, body));
      done.catch((error) => {
        console.error("[stripe-local]", error);
        if (!res.headersSent) sendJson(res, 500, { error: { type: "api_error", message: "The local stand-in failed." } });
      });
    });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const actualPort = server.address().port;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  const standIn = {
    port: actualPort,
    url: `http://${urlHost}:${actualPort}`,
    state,
    /** A session's status (open, complete, expired), or undefined for none; the tests set it to play Stripe's side. */
    sessionStatus: (id) => sessions.get(id)?.session.status,
    /** A connected account as the stand-in holds it, and completing its onboarding (as its TEST page does). */
    account: (id) => accounts.get(id),
    completeOnboarding,
    setSessionStatus: (id, status) => {
      const found = sessions.get(id);
      if (found) found.session.status = status;
    },
    stop: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return standIn;
}
