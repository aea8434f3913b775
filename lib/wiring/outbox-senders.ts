import "server-only";

import { DEMO_REQUEST_TOPIC, httpForwarder } from "@/lib/demo-requests/forward";
import { env } from "@/lib/platform/env";
import { registerOutboxSender } from "@/lib/platform/outbox/worker";

/** Which domain's messages go where: the outbox mechanism itself knows no topic. */
export function registerOutboxSenders(): void {
  if (env.DEMO_FORWARD_URL) registerOutboxSender(DEMO_REQUEST_TOPIC, httpForwarder(env.DEMO_FORWARD_URL, env.DEMO_FORWARD_TOKEN));
}
