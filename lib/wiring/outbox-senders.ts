import "server-only";

import { DEMO_REQUEST_TOPIC, httpForwarder } from "@/lib/demo-requests/forward";
import { EMAIL_TOPIC } from "@/lib/notifications/email";
import { mailFrom } from "@/lib/notifications/sender-address";
import { smtpSender } from "@/lib/notifications/transport";
import { brand } from "@/lib/platform/brand";
import { env } from "@/lib/platform/env";
import { registerOutboxSender } from "@/lib/platform/outbox/worker";

/** Which domain's messages go where: the outbox mechanism itself knows no topic. */
export function registerOutboxSenders(): void {
  if (env.DEMO_FORWARD_URL) registerOutboxSender(DEMO_REQUEST_TOPIC, httpForwarder(env.DEMO_FORWARD_URL, env.DEMO_FORWARD_TOKEN));
  // Without SMTP_URL, email waits in the outbox (nothing is lost) until a server is configured.
  if (env.SMTP_URL) {
    registerOutboxSender(
      EMAIL_TOPIC,
      smtpSender({ url: env.SMTP_URL, from: mailFrom().header, messageIdHost: new URL(brand.siteUrl).hostname }),
    );
  } else {
    console.warn('[mail] SMTP_URL is not set: email is queued in the outbox and not sent (README "Email")');
  }
}
