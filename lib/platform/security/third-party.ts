import type { Env } from "../env";
import { contentSecurityPolicy, originOf, type CspSources } from "./csp";
import { configuredWidgets, widgetCspSources, type ConfiguredWidget } from "./widgets";

/**
 * Everything that loads from outside this site, derived from the configuration
 * in one place: the root layout passes `thirdPartyConfig` to the browser and
 * next.config.ts sends `thirdPartyContentSecurityPolicy` as the CSP (through lib/platform/security/headers.ts), so the two
 * cannot disagree. Takes the parsed env as an argument (no import of lib/platform/env.ts
 * here) so tests can pass any configuration. Relative imports: next.config.ts
 * loads this file, and its loader resolves "@/" against the wrong folder.
 */
export const SAME_ORIGIN_IP_LOOKUP_PATH = "/api/v1/ip";

/** Plain data, safe to send to the browser: public keys and URLs only. */
export interface ThirdPartyConfig {
  posthog: { key: string; apiHost: string } | null;
  /** Where the browser asks for its IP (registered with analytics as user_ip). */
  ipLookupUrl: string;
  /** Vercel Analytics runs only on Vercel, where /_vercel/insights exists. */
  isVercelAnalyticsEnabled: boolean;
  widgets: ConfiguredWidget[];
  /** SPEC 9 accept-on-scroll; null: off. */
  consentOnScrollPercent: number | null;
}

type ThirdPartyEnv = Pick<
  Env,
  | "PRODUCT_NAME"
  | "NEXT_PUBLIC_POSTHOG_KEY"
  | "NEXT_PUBLIC_POSTHOG_HOST"
  | "NEXT_PUBLIC_IP_LOOKUP_URL"
  | "NEXT_PUBLIC_CONSENT_ON_SCROLL"
  | "NEXT_PUBLIC_CONSENT_ON_SCROLL_PERCENT"
  | "NEXT_PUBLIC_CHAT_WIDGET_URL"
  | "NEXT_PUBLIC_ADS_CLIENT_ID"
  | "NEXT_PUBLIC_SESSION_RECORDING_URL"
  | "NEXT_PUBLIC_HEATMAP_URL"
  | "NEXT_PUBLIC_POPUP_WIDGET_URL"
  | "NEXT_PUBLIC_ASSISTANT_WIDGET_URL"
  | "VERCEL"
>;

export function thirdPartyConfig(env: ThirdPartyEnv): ThirdPartyConfig {
  return {
    posthog: env.NEXT_PUBLIC_POSTHOG_KEY ? { key: env.NEXT_PUBLIC_POSTHOG_KEY, apiHost: env.NEXT_PUBLIC_POSTHOG_HOST } : null,
    ipLookupUrl: env.NEXT_PUBLIC_IP_LOOKUP_URL ?? SAME_ORIGIN_IP_LOOKUP_PATH,
    isVercelAnalyticsEnabled: env.VERCEL === "1",
    widgets: configuredWidgets(env, env.PRODUCT_NAME),
    consentOnScrollPercent: env.NEXT_PUBLIC_CONSENT_ON_SCROLL === "on" ? env.NEXT_PUBLIC_CONSENT_ON_SCROLL_PERCENT : null,
  };
}

/**
 * PostHog's cloud splits ingestion (us.i.posthog.com) from the scripts it loads
 * on demand (us-assets.i.posthog.com); a self-hosted or proxied host serves both.
 */
export function posthogHosts(apiHost: string): string[] {
  const origin = originOf(apiHost);
  const cloud = origin.match(/^https:\/\/(us|eu)(?:\.i)?\.posthog\.com$/);
  return cloud ? [`https://${cloud[1]}.i.posthog.com`, `https://${cloud[1]}-assets.i.posthog.com`] : [origin];
}

export function thirdPartyContentSecurityPolicy(env: ThirdPartyEnv): string {
  const sources: CspSources[] = [];
  if (env.NEXT_PUBLIC_POSTHOG_KEY) {
    const hosts = posthogHosts(env.NEXT_PUBLIC_POSTHOG_HOST);
    sources.push({ "script-src": hosts, "connect-src": hosts });
  }
  if (env.NEXT_PUBLIC_IP_LOOKUP_URL) sources.push({ "connect-src": [originOf(env.NEXT_PUBLIC_IP_LOOKUP_URL)] });
  sources.push(...widgetCspSources(env));
  return contentSecurityPolicy(sources);
}
