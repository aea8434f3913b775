import { setAnalytics } from "@/browser/analytics/analytics";
import { lookupIp } from "@/browser/analytics/ip-lookup";
import { loadPostHog, type PageAnalytics, type PostHogSettings } from "@/browser/analytics/posthog";
import { redactBearerUrl } from "@/lib/platform/security/bearer-urls";
import { onConsent, whenInteractive } from "@/lib/platform/consent";

/** What the loader needs from the browser; tests pass their own. */
export interface LoaderBrowser {
  onConsent(listener: () => void): () => void;
  whenInteractive(task: () => void): () => void;
  currentUrl(): string;
}

const realBrowser: LoaderBrowser = { onConsent, whenInteractive, currentUrl: () => window.location.href };

let loading: Promise<void> | null = null;
let provider: PageAnalytics | null = null;
let lastPageview: string | null = null;

/**
 * Starts PostHog when, and only when, a key is configured, the visitor has
 * consented and the page is interactive: then imports posthog-js, registers
 * user_ip, installs it as the analytics provider (replaying earlier calls) and
 * records the page view of the page it loaded on. Returns a cancel for the wait.
 */
export function startAnalytics(
  settings: { posthog: PostHogSettings | null; ipLookupUrl: string },
  browser: LoaderBrowser = realBrowser,
): () => void {
  const posthog = settings.posthog;
  if (!posthog || loading) return () => undefined;
  let cancelWait: () => void = () => undefined;
  const cancelConsent = browser.onConsent(() => {
    cancelWait = browser.whenInteractive(() => {
      loading ??= install(posthog, settings.ipLookupUrl, browser);
    });
  });
  return () => {
    cancelConsent();
    cancelWait();
  };
}

async function install(posthog: PostHogSettings, ipLookupUrl: string, browser: LoaderBrowser) {
  try {
    const userIp = await lookupIp(ipLookupUrl);
    const loaded = await loadPostHog(posthog, userIp);
    setAnalytics(loaded);
    provider = loaded;
    trackPageview(browser.currentUrl());
  } catch (error) {
    console.error("Analytics failed to load:", error);
  }
}

/** One page view per App Router navigation, its URL without keys; nothing before the provider is installed. */
export function trackPageview(fullUrl: string): void {
  const url = redactBearerUrl(fullUrl);
  if (!provider || url === lastPageview) return;
  lastPageview = url;
  provider.pageview(url);
}
