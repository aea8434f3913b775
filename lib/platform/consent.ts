import { COOKIE_CONSENT_MAX_AGE_DAYS, COOKIE_CONSENT_NAME } from "@/lib/platform/constants";

/**
 * Cookie consent, the one switch for everything that tracks (SPEC 2 and 9): the
 * banner's 'I Understand' (or, when configured, scrolling far enough) sets a
 * cookie for 365 days and announces it with a window event, so analytics and
 * widgets on the open page start without a reload.
 */
export const CONSENT_EVENT = "cookie-consent";

/** The consent cookie as it reads in `document.cookie`. */
const CONSENT_COOKIE = `${COOKIE_CONSENT_NAME}=true`;

export function hasConsent(cookie: string = document.cookie): boolean {
  return cookie.split("; ").includes(CONSENT_COOKIE);
}

/** hasConsent() as a JavaScript expression, for an inline script that runs before any module loads. */
export const HAS_CONSENT_EXPRESSION = `document.cookie.split("; ").includes(${JSON.stringify(CONSENT_COOKIE)})`;

export function grantConsent(): void {
  const maxAge = COOKIE_CONSENT_MAX_AGE_DAYS * 24 * 60 * 60;
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${CONSENT_COOKIE}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
  window.dispatchEvent(new Event(CONSENT_EVENT));
}

/** Calls `listener` once consent is given (at once, if it already was). Returns an unsubscribe. */
export function onConsent(listener: () => void): () => void {
  if (hasConsent()) {
    listener();
    return () => undefined;
  }
  const handle = () => {
    window.removeEventListener(CONSENT_EVENT, handle);
    listener();
  };
  window.addEventListener(CONSENT_EVENT, handle);
  return () => window.removeEventListener(CONSENT_EVENT, handle);
}

/**
 * Runs `task` after the page has loaded and the browser is idle, so outside
 * scripts never compete with the page's own first paint and hydration.
 */
export function whenInteractive(task: () => void, { idleTimeoutMs = 2000 } = {}): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === "function")
      idleHandle = window.requestIdleCallback(() => !cancelled && task(), { timeout: idleTimeoutMs });
    else timer = setTimeout(() => !cancelled && task(), 1);
  };
  const onLoad = () => run();
  if (document.readyState === "complete") run();
  else window.addEventListener("load", onLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", onLoad);
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** SPEC 9 accept-on-scroll: the share of the page scrolled, in percent (0 when it does not scroll). */
export function scrolledPercent(): number {
  const scrollable = document.documentElement.scrollHeight - window.innerHeight;
  return scrollable > 0 ? (window.scrollY / scrollable) * 100 : 0;
}
