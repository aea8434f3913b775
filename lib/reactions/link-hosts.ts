import "server-only";

import type { Handler } from "@/lib/platform/events/reactions";
import { forgetAllowedLinkHosts } from "@/lib/platform/security/allowed-hosts";

/** link-hosts.changed (issue 40): the cached allow-list of this process is forgotten; screening reads the list again. No mail. */
export const forgetLinkHosts: Handler<{ host: string }> = {
  name: "forget-link-hosts",
  handle: async () => forgetAllowedLinkHosts(),
};
