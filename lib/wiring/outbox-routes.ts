import "server-only";

import { CARD_REFUND_TOPIC, recordFailedCardRefund, sendCardRefund } from "@/lib/commerce/refunds/card-refunds";
import { isCardPaymentAvailable } from "@/lib/commerce/payments/stripe";
import { DEMO_REQUEST_TOPIC, httpForwarder } from "@/lib/demo-requests/forward";
import { DEFERRED_EMAIL_TOPIC, deferredEmailSender } from "@/lib/notifications/deferred-email";
import { EMAIL_TOPIC } from "@/lib/notifications/email";
import { mailFrom } from "@/lib/notifications/sender-address";
import { smtpSender } from "@/lib/notifications/transport";
import { brand } from "@/lib/platform/brand";
import { env } from "@/lib/platform/env";
import { reactionSenders } from "@/lib/platform/events/reactions";
import type { DeadLetterHandler, Sender } from "@/lib/platform/outbox/outbox";
import type { OutboxRoutes } from "@/lib/platform/outbox/worker";
import { MAIL_RENDERERS } from "@/lib/reactions/mail-renderers";
import { REACTIONS } from "@/lib/reactions/table";

/** The domain events and their handlers (lib/reactions/table.ts), as outbox topics. */
export const eventSenders = (): Record<string, Sender> => reactionSenders(REACTIONS);

/** Both email topics over one SMTP sender: rendered messages as they are, deferred ones rendered first. */
export function emailSenders(smtp: Sender): Record<string, Sender> {
  return { [EMAIL_TOPIC]: smtp, [DEFERRED_EMAIL_TOPIC]: deferredEmailSender(MAIL_RENDERERS, smtp) };
}

/**
 * Which of the outbox's topics this instance delivers, and how: the outbox mechanism itself knows
 * no topic. Events always; the rest as configured.
 */
export function outboxRoutes(): OutboxRoutes {
  const senders: Record<string, Sender> = eventSenders();
  const onDeadLetter: Record<string, DeadLetterHandler> = {};
  if (env.DEMO_FORWARD_URL) senders[DEMO_REQUEST_TOPIC] = httpForwarder(env.DEMO_FORWARD_URL, env.DEMO_FORWARD_TOKEN);
  // Without Stripe there are no card payments to refund; a refund queued before it was unset waits.
  if (isCardPaymentAvailable()) {
    senders[CARD_REFUND_TOPIC] = sendCardRefund;
    onDeadLetter[CARD_REFUND_TOPIC] = recordFailedCardRefund;
  }
  // Without SMTP_URL, email waits in the outbox (nothing is lost) until a server is configured.
  if (env.SMTP_URL) {
    const smtp = smtpSender({ url: env.SMTP_URL, from: mailFrom().header, messageIdHost: new URL(brand.siteUrl).hostname });
    Object.assign(senders, emailSenders(smtp));
  } else {
    console.warn('[mail] SMTP_URL is not set: email is queued in the outbox and not sent (README "Email")');
  }
  return { senders, onDeadLetter };
}
