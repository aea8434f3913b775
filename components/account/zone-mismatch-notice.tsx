"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState, useSyncExternalStore } from "react";

import { callAction } from "@/browser/call-action";
import { browserTimeZone } from "@/browser/time-zone";
import { toastSuccess } from "@/browser/toast";
import { rememberAccountZone } from "@/browser/viewer-zone";
import type { ActionResult } from "@/lib/platform/http/action-result";
import { zoneLabel, zoneShortLabel } from "@/lib/scheduling/zone-name";

/** Where a dismissal is remembered: per pair of zones, so a trip to a third zone asks again. */
const DISMISSED_KEY = "zone-notice-dismissed";
const pairOf = (browser: string, account: string) => `${browser}|${account}`;

function offsetsOf(zone: string, at: Date): string {
  const format = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" });
  return format.formatToParts(at).find((part) => part.type === "timeZoneName")?.value ?? zone;
}

/** Two names of one clock (Indianapolis and New York today and in six months): nothing to say. */
function isSameClock(a: string, b: string, now = new Date()): boolean {
  if (a === b) return true;
  try {
    const later = new Date(now.getTime() + 182 * 86_400_000);
    return offsetsOf(a, now) === offsetsOf(b, now) && offsetsOf(a, later) === offsetsOf(b, later);
  } catch {
    return false;
  }
}

function wasDismissed(pair: string): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === pair;
  } catch {
    return false;
  }
}

const subscribeNothing = () => () => {};

/**
 * Issue 31 item 3: when the computer's clock is in another zone than the account's, say so once and
 * offer to switch. "Keep" is remembered (localStorage, for this pair of zones); "Use" stores the
 * browser's zone through the profile's own action. Also keeps the account's zone for the static
 * pages (browser/viewer-zone.ts). Fixed in the top corner (clear of the cookie banner), so its arrival after hydration moves nothing.
 */
export function ZoneMismatchNotice({
  accountZone,
  switchZone,
}: {
  accountZone: string;
  switchZone: (input: { timezone: string }) => Promise<ActionResult>;
}) {
  const router = useRouter();
  const browser = useSyncExternalStore(subscribeNothing, browserTimeZone, () => "");
  const [isClosed, setIsClosed] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => rememberAccountZone(accountZone), [accountZone]);

  const pair = pairOf(browser, accountZone);
  // "Use Central Time" / "Keep Central Time" would not say which: then the places too.
  const [useName, keepName] =
    zoneShortLabel(browser) === zoneShortLabel(accountZone)
      ? [zoneLabel(browser), zoneLabel(accountZone)]
      : [zoneShortLabel(browser), zoneShortLabel(accountZone)];
  if (!browser || isClosed || isSameClock(browser, accountZone) || wasDismissed(pair)) return null;

  const keep = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, pair);
    } catch {
      // Not remembered: it asks again on the next page.
    }
    setIsClosed(true);
  };
  const use = async () => {
    setIsBusy(true);
    const result = await callAction(switchZone, { timezone: browser });
    setIsBusy(false);
    if (!result.ok) return setError(result.message);
    rememberAccountZone(browser);
    setIsClosed(true);
    router.refresh();
    await toastSuccess(result.message);
  };

  return (
    <section
      aria-labelledby="zone-notice-title"
      className="fixed top-24 right-4 z-40 w-[calc(100%-2rem)] max-w-md rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 shadow-lg"
    >
      <h2 id="zone-notice-title" className="font-bold">
        Your clock and your account differ
      </h2>
      <p role="status" className="mt-1 text-sm">
        Your computer is set to {zoneLabel(browser)} but your account uses {zoneLabel(accountZone)}.
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={use}
          disabled={isBusy}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          Use {useName}
        </button>
        <button
          type="button"
          onClick={keep}
          disabled={isBusy}
          className="rounded-lg border border-slate-500 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:border-brand-600"
        >
          Keep {keepName}
        </button>
      </div>
    </section>
  );
}
