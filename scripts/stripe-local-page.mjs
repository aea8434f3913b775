// The local card stand-in's hosted checkout page (scripts/stripe-local.mjs): server-rendered HTML,
// no script, marked TEST on every view, taking only Stripe's test card numbers.

/** Stripe's test cards: this one pays, this one is declined (Stripe's generic decline). */
export const PAYING_CARD = "4242424242424242";
export const DECLINED_CARD = "4000000000000002";

const escape = (value) =>
  String(value ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

/** Minor units as a person reads them, in the session's currency (zero-decimal currencies too). */
export function formatAmount(minor, currency) {
  const format = new Intl.NumberFormat("en-US", { style: "currency", currency: String(currency).toUpperCase() });
  return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

const STYLE = `
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #0f172a; background: #f8fafc; }
  .test { background: #fde68a; color: #451a03; text-align: center; padding: 0.75rem 1rem; font-weight: 700; letter-spacing: 0.02em; border-bottom: 2px solid #b45309; }
  main { max-width: 28rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border: 1px solid #cbd5e1; border-radius: 1rem; }
  h1 { font-size: 1.5rem; margin: 0 0 0.25rem; }
  .muted { color: #475569; }
  ul { list-style: none; padding: 0; margin: 1rem 0; border-top: 1px solid #e2e8f0; }
  li { display: flex; justify-content: space-between; gap: 1rem; padding: 0.5rem 0; border-bottom: 1px solid #e2e8f0; }
  .total { font-weight: 700; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input { display: block; box-sizing: border-box; width: 100%; margin-top: 0.25rem; padding: 0.75rem; font-size: 1.125rem; border: 1px solid #64748b; border-radius: 0.5rem; font-variant-numeric: tabular-nums; }
  input:focus { outline: 3px solid #2563eb; outline-offset: 1px; }
  .help { font-size: 0.875rem; color: #475569; margin: 0.5rem 0 0; }
  .error { background: #fef2f2; color: #991b1b; border: 1px solid #fca5a5; border-radius: 0.5rem; padding: 0.75rem; margin: 1rem 0 0; }
  button { margin-top: 1.25rem; width: 100%; padding: 0.875rem; font-size: 1.0625rem; font-weight: 700; color: #fff; background: #1d4ed8; border: 0; border-radius: 0.75rem; cursor: pointer; }
  button:focus-visible { outline: 3px solid #0f172a; outline-offset: 2px; }
  a { color: #1d4ed8; }
  .actions { margin-top: 1rem; text-align: center; }
`;

function layout(title, content, what = "Stripe Checkout") {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>TEST MODE · ${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header class="test"><p style="margin:0">TEST MODE — no real money. This is a local stand-in for ${escape(what)}.</p></header>
<main>
${content}
</main>
</body>
</html>
`;
}

function summary(session, lines) {
  const items = lines
    .map((line) => {
      const name = line.quantity > 1 ? `${line.name} × ${line.quantity}` : line.name;
      return `<li><span>${escape(name)}</span><span>${escape(formatAmount(line.unitAmount * line.quantity, session.currency))}</span></li>`;
    })
    .join("\n");
  const total = formatAmount(session.amount_total, session.currency);
  return `<ul aria-label="What you are paying for">
${items}
<li class="total"><span>Total</span><span>${escape(total)}</span></li>
</ul>`;
}

/**
 * The page for one session: the card form while it is open (with the refusal of the last try, if
 * any), else what became of it. `cardNumber` is shown again only for a test number.
 */
export function checkoutPage({ notFound = false, session, lines = [], error = null, cardNumber = "", returnTo = "" }) {
  if (notFound || !session) {
    return layout(
      "Checkout not found",
      `<h1>Checkout not found</h1><p>This test checkout does not exist, or the local stand-in was restarted since it was opened. Nothing was charged.</p>`,
    );
  }
  const total = formatAmount(session.amount_total, session.currency);
  const paying = session.customer_email ? `<p class="muted">Paying as ${escape(session.customer_email)}</p>` : "";
  const cancel = session.cancel_url ? `<p class="actions"><a href="${escape(session.cancel_url)}">Cancel and go back</a></p>` : "";
  if (session.status === "complete") {
    return layout(
      `Paid ${total}`,
      `<h1>Paid ${escape(total)}</h1>${summary(session, lines)}<p>This test payment is complete.</p><p class="actions"><a href="${escape(returnTo)}">Return to the site</a></p>`,
    );
  }
  if (session.status === "expired") {
    return layout("Checkout expired", `<h1>This checkout has expired</h1>${summary(session, lines)}<p>Nothing was charged.</p>${cancel}`);
  }
  const describedBy = error ? "card-error card-help" : "card-help";
  const form = `<form method="post">
<label for="cardNumber">Card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="off" required placeholder="4242 4242 4242 4242" value="${escape(cardNumber)}" aria-describedby="${describedBy}"${error ? ' aria-invalid="true" autofocus' : ""}>
${error ? `<p id="card-error" class="error" role="alert">${escape(error)}</p>` : ""}
<p id="card-help" class="help">Test cards only: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined. No expiry date or CVC is asked, and no real card is ever taken here.</p>
<button type="submit">Pay ${escape(total)}</button>
</form>`;
  return layout(`Pay ${total}`, `<h1>Pay ${escape(total)}</h1>${paying}${summary(session, lines)}${form}${cancel}`);
}

/**
 * The Connect onboarding page of one Account Link (stripe.accountLinks.create): Stripe's hosted
 * form asks for identity and a bank account; this TEST page asks for nothing and completes the
 * account (details submitted, charges and payouts enabled) with one button.
 */
export function onboardingPage({ notFound = false, account = null, email = "" }) {
  const what = "Stripe Connect onboarding";
  if (notFound || !account) {
    return layout(
      "Onboarding link not found",
      `<h1>Onboarding link not found</h1><p>This test onboarding link does not exist, or the local stand-in was restarted since it was made. Go back to the site and connect again.</p>`,
      what,
    );
  }
  return layout(
    "Connect your payout account",
    `<h1>Connect your payout account</h1>
<p class="muted">Test account ${escape(account)}${email ? ` for ${escape(email)}` : ""}</p>
<p>Stripe would ask here for your identity and the bank account your earnings are paid to. This test page asks for nothing: completing it enables payouts to this test account. No real money moves.</p>
<form method="post"><button type="submit">Complete test onboarding</button></form>`,
    what,
  );
}
