/**
 * The analytics facade. Until a provider is installed (PostHog, after cookie
 * consent: browser/analytics/loader.ts) calls are only remembered in memory, never
 * sent: the provider replays them in order when it loads, so an identify made
 * before consent is not lost, and without consent nothing leaves the browser.
 */
export interface Analytics {
  identify(id: string, traits: Record<string, unknown>): void;
  track(event: string, properties?: Record<string, unknown>): void;
  reset(): void;
}

type PendingCall =
  | { method: "identify"; args: Parameters<Analytics["identify"]> }
  | { method: "track"; args: Parameters<Analytics["track"]> }
  | { method: "reset"; args: [] };

/** A page left open for hours without consent must not grow a queue forever. */
const MAX_PENDING = 50;
const pending: PendingCall[] = [];

function remember(call: PendingCall) {
  pending.push(call);
  if (pending.length > MAX_PENDING) pending.shift();
}

const recorder: Analytics = {
  identify: (...args) => remember({ method: "identify", args }),
  track: (...args) => remember({ method: "track", args }),
  reset: () => remember({ method: "reset", args: [] }),
};

let current: Analytics | null = null;

export function analytics(): Analytics {
  return current ?? recorder;
}

/** Installed by the provider's loader once consent is given; replays what was called before. */
export function setAnalytics(provider: Analytics | null): void {
  current = provider;
  if (!provider) return;
  for (const call of pending.splice(0)) {
    if (call.method === "identify") provider.identify(...call.args);
    else if (call.method === "track") provider.track(...call.args);
    else provider.reset();
  }
}
