"use client";

import { useState } from "react";

/** What renewing a link answers: the new link (shown once), or why not. */
export type RenewFeedResult = { ok: true; data: string } | { ok: false; message: string };

export interface FeedChoice {
  key: string;
  label: string;
  /** Whether a link exists already (a new one then replaces it). */
  exists: boolean;
  renew: () => Promise<RenewFeedResult>;
}

/**
 * Private calendar links: one button per calendar (the family's, each child's, a teacher's own).
 * A link is shown once, when made; getting a new one stops the old one at once (for a link that
 * was shared by mistake). Calendars subscribe to it and check it for changes.
 */
export function CalendarFeedLinks({ choices }: { choices: FeedChoice[] }) {
  const [shown, setShown] = useState<{ key: string; url: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="space-y-3">
      <ul className="space-y-2">
        {choices.map((choice) => (
          <li key={choice.key} className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              onClick={async () => {
                setError(null);
                const result = await choice.renew().catch(() => ({ ok: false as const, message: "Please try again." }));
                if (result.ok) setShown({ key: choice.key, url: result.data });
                else setError(result.message);
              }}
              className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:border-brand-600"
            >
              {choice.exists ? `New link for ${choice.label}` : `Get a link for ${choice.label}`}
            </button>
            {choice.exists ? <span className="text-sm text-slate-700">(the current link stops working)</span> : null}
          </li>
        ))}
      </ul>
      {shown ? (
        <div>
          <label htmlFor="calendar-feed-url" className="block text-sm font-semibold text-slate-800">
            Copy this link into your calendar app (“Subscribe” or “Add calendar from URL”). Keep it private.
          </label>
          <input
            id="calendar-feed-url"
            readOnly
            value={shown.url}
            onFocus={(event) => event.currentTarget.select()}
            className="mt-1 block w-full rounded-lg border border-slate-400 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
          />
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
