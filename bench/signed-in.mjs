// Signed-in pages and checkout for the bench (issues 18 and 19): accounts seeded into the bench
// app's PostgreSQL database by bench/seed-signed-in.ts, signed in through the app's own next-auth
// credentials sign-in (the Firebase Auth Emulator checks the password), and the cart's checkout
// server action driven the way the browser's JavaScript calls it.
import fs from "node:fs";
import path from "node:path";

import { REPO_DIR, brandSlug, runToEnd } from "./lib.mjs";

/** The signed-in pages the issues name: the cart (with items), the wallet page (with ledger entries), /my-courses (20 enrolments). */
export function signedInRoutes(env = process.env, showcase = null) {
  // Issue 28: the inbox and the showcase parent's conversation (a thread of 11 messages), when seeded.
  const messages = showcase?.threadId ? ["/share-a-message", `/messages/${showcase.threadId}`] : [];
  return ["/cart", `/user/${brandSlug(env)}-coin`, "/my-courses", ...messages];
}
/**
 * In a signed-in page's HTML only: the header's account menu (components/shell/header-nav.tsx,
 * `data-role`), rendered on the server from the session the layout read.
 */
export const SIGNED_IN_MARKER = 'data-role="';

/** The child's space (issue 44), measured with the showcase child's own session, not the parent's. */
export const LEARNER_ROUTE = "/learn";
/**
 * In the child's signed-in /learn only (its "Today" section): without a session the page redirects
 * to /kids, and the learner layout has no grown-ups' header, so SIGNED_IN_MARKER cannot tell.
 */
export const LEARNER_MARKER = 'id="learn-today"';

/** Held to first-load JS <= 1.15x the bare page (issues 18, 28 and 44); /my-courses is held to Lighthouse only (issue 19). */
export const isJsCheckedSignedIn = (route, env = process.env) =>
  signedInRoutes(env).slice(0, 2).includes(route) ||
  route === "/share-a-message" ||
  route.startsWith("/messages/") ||
  route === LEARNER_ROUTE;

/**
 * Runs bench/seed-signed-in.ts against the app's database and emulator. Resolves to its JSON:
 * `{ run, password, showcase: { email, enrolments }, parents: [email] }`.
 */
export async function seedSignedIn({ databaseUrl, emulatorHost, projectId, parents, run, logFile }) {
  const out = `${logFile}.json`;
  const tsx = path.join(REPO_DIR, "node_modules", ".bin", "tsx");
  // The script's stdout is the JSON; runToEnd sends output to the log, so it goes through a shell redirect.
  const code = await runToEnd(
    "sh",
    ["-c", `"$0" --conditions=react-server bench/seed-signed-in.ts --parents ${Number(parents)} --run ${run} > "${out}"`, tsx],
    {
      cwd: REPO_DIR,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: databaseUrl,
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
        FIREBASE_PROJECT_ID: projectId,
        // The seed's checkouts would send mail through the outbox of this process: nothing sends it.
        ALLOW_AUTH_EMULATOR: "true",
      },
      logFile,
      label: "seed-signed-in",
    },
  );
  if (code !== 0) throw new Error(`bench/seed-signed-in.ts failed (exit ${code}); see ${logFile}`);
  return JSON.parse(fs.readFileSync(out, "utf8"));
}

const cookiePairs = (res) => res.headers.getSetCookie().map((c) => c.split(";")[0]);

/**
 * Signs in as a browser does through next-auth's credentials sign-in (its CSRF token, then the
 * callback with email and password). Resolves to the Cookie header of the session.
 */
export async function signIn(base, email, password) {
  const origin = new URL(base).origin;
  const csrf = await fetch(new URL("/api/auth/csrf", base), { signal: AbortSignal.timeout(30_000) });
  const { csrfToken } = await csrf.json();
  const res = await fetch(new URL("/api/auth/callback/credentials", base), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin, cookie: cookiePairs(csrf).join("; ") },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${origin}/my-courses`, json: "true" }),
    signal: AbortSignal.timeout(30_000),
  });
  const session = cookiePairs(res).find((c) => /^(__Secure-)?next-auth\.session-token=/.test(c));
  if (!session) throw new Error(`sign-in as ${email} failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return session;
}

/** The id the browser sends in Next-Action for /kids' learnerSignInAction, from the build's server reference manifest. */
export function learnerSignInActionId(distDir) {
  return actionIdOf(distDir, "app/(learner)/kids/actions.ts", "learnerSignInAction");
}

/**
 * Signs a child in as /kids does: its sign-in action called the way React calls a server action
 * with a plain object (POST to the page, Next-Action, the arguments as JSON text). Resolves to the
 * Cookie header of the child's session (learner_session, an hour long).
 */
export async function signInLearner(base, actionId, { username, pictures }) {
  const origin = new URL(base).origin;
  const res = await fetch(new URL("/kids", base), {
    method: "POST",
    redirect: "manual",
    headers: { accept: "text/x-component", "content-type": "text/plain;charset=UTF-8", "next-action": actionId, origin },
    body: JSON.stringify([{ username, pictures }]),
    signal: AbortSignal.timeout(30_000),
  });
  const session = cookiePairs(res).find((c) => c.startsWith("learner_session="));
  if (!session) throw new Error(`the child's sign-in as ${username} failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return session;
}

/** Signs every email in, `concurrency` at a time, in order. */
export async function signInAll(base, emails, password, concurrency = 6) {
  const cookies = new Array(emails.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < emails.length) {
        const i = next++;
        cookies[i] = await signIn(base, emails[i], password);
      }
    }),
  );
  return cookies;
}

/** The id the browser sends in Next-Action for the cart's checkoutAction, from the build's server reference manifest. */
export function checkoutActionId(distDir) {
  return actionIdOf(distDir, "app/(account)/cart/actions.ts", "checkoutAction");
}

function actionIdOf(distDir, filename, exportedName) {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_DIR, distDir, "server", "server-reference-manifest.json"), "utf8"));
  const found = Object.entries(manifest.node).find(([, entry]) => entry.filename === filename && entry.exportedName === exportedName);
  if (!found) throw new Error(`${exportedName} is not in ${distDir}/server/server-reference-manifest.json`);
  return found[0];
}

const BOUNDARY = "----benchCheckoutBoundary";
/** Each load parent's cart: one seat at bench/seed-signed-in.ts's PRICE_MINOR. */
export const LOAD_CART_TOTAL_MINOR = 9900;
/**
 * The checkout request as React sends it for `<form action={formAction}>` with useActionState:
 * POST to the page with Next-Action, the arguments (previous state null, the form's FormData,
 * empty here) encoded as multipart form data by encodeReply.
 */
export function checkoutRequest(actionId, origin, cookie, expectedTotalMinor = LOAD_CART_TOTAL_MINOR) {
  // The form's fields go as "_1_<name>" ($K1 is that FormData): the total the parent saw beside Pay
  // (issue 26 finding 10: a checkout without it is refused).
  const body =
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="_1_expectedTotalMinor"\r\n\r\n${expectedTotalMinor}\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="0"\r\n\r\n[null,"$K1"]\r\n--${BOUNDARY}--\r\n`;
  return {
    method: "POST",
    path: "/cart",
    headers: {
      accept: "text/x-component",
      // Uncompressed: the answer is a few hundred bytes, and autocannon hands its body over as
      // text, so the order's address can be read from it (isPlacedOrder). A browser would ask for br.
      "accept-encoding": "identity",
      "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      "next-action": actionId,
      origin,
      cookie,
      "user-agent": "bench-load (autocannon)",
    },
    body,
  };
}

/**
 * A placed, paid order answers with its confirmation's address: the action's result carries it
 * (`"next":"/cart?order=<uuid>"` in the RSC answer, asked for uncompressed), or,
 * from builds before the action stopped redirecting, the x-action-redirect header. Anything else
 * (an error message) did not enrol.
 */
const ORDER_PATH = /^\/cart\?order=[0-9a-f-]{36}/;
export function isPlacedOrder(headers, body = "") {
  const redirect = Object.entries(headers).find(([name]) => name.toLowerCase() === "x-action-redirect")?.[1];
  const next = /"next":"([^"]*)"/.exec(String(body))?.[1];
  return ORDER_PATH.test(String(redirect ?? "")) || ORDER_PATH.test(next ?? "");
}

/** Paid orders and their seats made by this run's load parents, read from the database. */
export async function countCheckouts(databaseUrl, run) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(distinct o.id)::int as orders, count(oi.id)::int as seats
         from orders o join users u on u.id = o.user_id left join order_items oi on oi.order_id = o.id
        where u.email like $1 and o.status = 'paid'`,
      [`bench-parent-${run}-%`],
    );
    return rows[0];
  } finally {
    await client.end();
  }
}
