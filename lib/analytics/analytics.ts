/**
 * The analytics facade. Until a provider is configured (issue 5: PostHog after
 * cookie consent) every call is a no-op that makes no request, so callers such
 * as logout can already say what they track.
 */
export interface Analytics {
  identify(id: string, traits: Record<string, unknown>): void;
  track(event: string, properties?: Record<string, unknown>): void;
  reset(): void;
}

const noop: Analytics = { identify: () => undefined, track: () => undefined, reset: () => undefined };

let current: Analytics = noop;

export function analytics(): Analytics {
  return current;
}

/** Installed by the provider's loader once consent is given. */
export function setAnalytics(provider: Analytics | null): void {
  current = provider ?? noop;
}
