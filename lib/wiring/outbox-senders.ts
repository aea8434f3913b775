import "server-only";

import { CARD_REFUND_TOPIC, recordFailedCardRefund, sendCardRefund } from "@/lib/commerce/card-refunds";
import { isCardPaymentAvailable } from "@/lib/commerce/stripe";
import { DEMO_REQUEST_TOPIC, httpForwarder } from "@/lib/demo-requests/forward";
import { DEFERRED_EMAIL_TOPIC, deferredEmailSender, type EmailRenderer } from "@/lib/notifications/deferred-email";
import { EMAIL_TOPIC } from "@/lib/notifications/email";
import { mailFrom } from "@/lib/notifications/sender-address";
import { smtpSender } from "@/lib/notifications/transport";
import { brand } from "@/lib/platform/brand";
import { env } from "@/lib/platform/env";
import type { Sender } from "@/lib/platform/outbox/outbox";
import { registerOutboxSender } from "@/lib/platform/outbox/worker";

import { enrolmentMailRenderers } from "./enrolment-mail";

/** The kinds of email rendered at delivery, and who renders each. */
const EMAIL_RENDERERS: Readonly<Record<string, EmailRenderer>> = { ...enrolmentMailRenderers };

/** Both email topics over one SMTP sender: rendered messages as they are, deferred ones rendered first. */
export function emailSenders(smtp: Sender): Record<string, Sender> {
  return { [EMAIL_TOPIC]: smtp, [DEFERRED_EMAIL_TOPIC]: deferredEmailSender(EMAIL_RENDERERS, smtp) };
}

/** Which domain's messages go where: the outbox mechanism itself knows no topic. */
export function registerOutboxSenders(): void {
  if (env.DEMO_FORWARD_URL) registerOutboxSender(DEMO_REQUEST_TOPIC, httpForwarder(env.DEMO_FORWARD_URL, env.DEMO_FORWARD_TOKEN));
  // Without Stripe there are no card payments to refund; a refund queued before it was unset waits.
  if (isCardPaymentAvailable()) registerOutboxSender(CARD_REFUND_TOPIC, sendCardRefund, recordFailedCardRefund);
  // Without SMTP_URL, email waits in the outbox (nothing is lost) until a server is configured.
  if (env.SMTP_URL) {
    const smtp = smtpSender({ url: env.SMTP_URL, from: mailFrom().header, messageIdHost: new URL(brand.siteUrl).hostname });
    for (const [topic, send] of Object.entries(emailSenders(smtp))) registerOutboxSender(topic, send);
  } else {
    console.warn('[mail] SMTP_URL is not set: email is queued in the outbox and not sent (README "Email")');
  }
}
