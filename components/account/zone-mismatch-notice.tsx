"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";

import { callAction } from "@/browser/call-action";
import { toastSuccess } from "@/browser/toast";
import { browserTimeZone } from "@/browser/time-zone";
import { rememberAccountZone } from "@/browser/viewer-zone";
import { rememberBrowserZone, setZoneCookie } from "@/browser/zone-cookie";
import type { ActionResult } from "@/lib/platform/http/action-result";
import { isSameClock, keptPair, ZONE_KEPT_COOKIE, type ZoneNotice } from "@/lib/scheduling/zone-notice";

/**
 * Issue 31 item 3, on every signed-in page: tells the server the computer's zone (a cookie; the
 * page is rendered again once when it was not known or has changed) and keeps the account's zone
 * for the static pages (browser/viewer-zone.ts). When the server found the two zones differ, the
 * notice, worded there: "Use" stores the computer's zone through the profile's own action, "Keep"
 * is remembered for this pair of zones.
 */
export function ZoneMismatchNotice({
  accountZone,
  knownBrowserZone,
  notice,
  switchZone,
}: {
  accountZone: string;
  /** The zone the server read from the cookie (null when none yet). */
  knownBrowserZone: string | null;
  notice: ZoneNotice | null;
  switchZone: (input: { timezone: string }) => Promise<ActionResult>;
}) {
  const router = useRouter();
  const [isClosed, setIsClosed] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => rememberAccountZone(accountZone), [accountZone]);
  useEffect(() => {
    const zone = browserTimeZone();
    if (!zone || zone === knownBrowserZone) return;
    rememberBrowserZone();
    // Rendered again only when there is something to say.
    if (!isSameClock(zone, accountZone)) router.refresh();
  }, [knownBrowserZone, accountZone, router]);

  if (!notice || isClosed) return null;

  const keep = () => {
    setZoneCookie(ZONE_KEPT_COOKIE, keptPair(notice.browserZone, accountZone));
    setIsClosed(true);
  };
  const use = async () => {
    setIsBusy(true);
    const result = await callAction(switchZone, { timezone: notice.browserZone });
    setIsBusy(false);
    if (!result.ok) return setError(result.message);
    rememberAccountZone(notice.browserZone);
    setIsClosed(true);
    router.refresh();
    await toastSuccess(result.message);
  };

  return (
    <section aria-labelledby="zone-notice-title" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h2 id="zone-notice-title" className="font-bold">
        Your clock and your account differ
      </h2>
      <p className="mt-1 text-sm">{notice.text}</p>
      {notice.detail ? <p className="mt-1 text-sm">{notice.detail}</p> : null}
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
          Use {notice.useName}
        </button>
        <button
          type="button"
          onClick={keep}
          disabled={isBusy}
          className="rounded-lg border border-slate-500 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:border-brand-600"
        >
          Keep {notice.keepName}
        </button>
      </div>
    </section>
  );
}
