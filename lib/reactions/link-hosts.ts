import "server-only";

import type { Handler } from "@/lib/platform/events/reactions";
import { LINK_HOSTS_TAG } from "@/lib/platform/security/allowed-hosts";

/**
 * link-hosts.changed (issue 40): the cached allow-list is expired on every instance, as cached pages
 * are: LINK_HOSTS_TAG through Next's cache handler (cache-handler.mjs expireTags: this process, the
 * sibling workers and, with REDIS_URL, the others through Redis's hash and channel), which
 * allowed-hosts.ts checks before using its copy. No mail.
 */
export const forgetLinkHosts: Handler<{ host: string }> = {
  name: "forget-link-hosts",
  handle: async () => {
    const { expireTags } = await import("@/cache-handler.mjs");
    await expireTags([LINK_HOSTS_TAG]);
  },
};
