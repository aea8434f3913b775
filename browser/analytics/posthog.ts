import type { CaptureResult, Properties } from "posthog-js";

import type { Analytics } from "@/browser/analytics/analytics";
import { redactBearerUrl } from "@/lib/platform/security/bearer-urls";

export interface PostHogSettings {
  key: string;
  apiHost: string;
}

export interface PageAnalytics extends Analytics {
  pageview(url: string): void;
}

/**
 * Loads posthog-js (its own chunk, never in a page's first-load JavaScript) and
 * wraps it. SPEC 9: persistence in local storage, page views tracked; they are
 * captured by the loader on each App Router navigation, so PostHog's own
 * history tracking is off. SPEC 7: the visitor's IP is registered as user_ip.
 */
export async function loadPostHog(settings: PostHogSettings, userIp: string | null): Promise<PageAnalytics> {
  const { default: posthog } = await import("posthog-js");
  posthog.init(settings.key, {
    api_host: settings.apiHost,
    persistence: "localStorage",
    capture_pageview: false,
    capture_pageleave: false,
    // Children use the site: no automatic capture of clicks, inputs or element text, only the
    // page views and events the product names (SPEC 4 and 9).
    autocapture: false,
    // Session recording is a widget of its own (lib/platform/security/widgets.ts); profiles only for signed-in users.
    disable_session_recording: true,
    person_profiles: "identified_only",
    // PostHog adds the page's URL, path and referrer to every event and person: no key goes with them.
    before_send: redactCapture,
  });
  if (userIp) posthog.register({ user_ip: userIp });
  return {
    identify: (id, traits) => posthog.identify(id, traits),
    track: (event, properties) => void posthog.capture(event, properties),
    reset: () => posthog.reset(),
    pageview: (url) => void posthog.capture("$pageview", { $current_url: redactBearerUrl(url) }),
  };
}

/** An event as PostHog would send it, with every string property's keys (bearer-urls.ts) replaced. */
export function redactCapture(event: CaptureResult | null): CaptureResult | null {
  if (!event) return event;
  return {
    ...event,
    properties: redactStrings(event.properties),
    $set: redactStrings(event.$set),
    $set_once: redactStrings(event.$set_once),
  };
}

function redactStrings<T extends Properties | undefined>(properties: T): T {
  if (!properties) return properties;
  return Object.fromEntries(
    Object.entries(properties).map(([name, value]) => [name, typeof value === "string" ? redactBearerUrl(value) : value]),
  ) as T;
}
