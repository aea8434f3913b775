"use client";

import { useEffect, useState } from "react";

import type { PickerDay, PickerSlot } from "@/lib/scheduling/picker";
import { zoneLabel } from "@/lib/scheduling/zone-name";

type Loaded = { ok: true; data: PickerDay[] } | { ok: false; message: string };

interface Props {
  /** The open slots in `timezone`, grouped by day. */
  load: (timezone: string) => Promise<Loaded>;
  /** Books or moves to the slot; a message to show when refused (the slot was just taken), null when done. */
  onPick: (slot: PickerSlot, timezone: string) => Promise<string | null>;
  emptyText: string;
  /** Show and ask for times in this zone (a staff member's own) instead of the browser's. */
  timezone?: string;
}

function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** Open demo times as buttons, day by day, in the family's (or the given) time zone, named so nobody guesses. */
export function SlotPicker({ load, onPick, emptyText, timezone: fixedZone }: Props) {
  const [timezone] = useState(() => fixedZone ?? browserZone());
  const [days, setDays] = useState<PickerDay[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    void load(timezone).then((result) => {
      if (!isCurrent) return;
      if (result.ok) setDays(result.data);
      else setMessage(result.message);
    });
    return () => {
      isCurrent = false;
    };
  }, [load, timezone, reloads]);

  const pick = async (slot: PickerSlot) => {
    setBusy(true);
    setMessage(null);
    const refusal = await onPick(slot, timezone);
    setBusy(false);
    if (refusal) {
      setMessage(refusal);
      setReloads((n) => n + 1);
    }
  };

  return (
    <section aria-label="Open times" className="mt-4 text-left" aria-busy={busy || days === null}>
      <p className="text-sm text-slate-600">
        Times in <strong>{zoneLabel(timezone)}</strong>
      </p>
      {message ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {message}
        </p>
      ) : null}
      {days === null && !message ? <p className="mt-2 text-sm text-slate-600">Loading open times…</p> : null}
      {days !== null && days.length === 0 ? <p className="mt-2 text-sm text-slate-700">{emptyText}</p> : null}
      <ul className="mt-2 max-h-72 space-y-3 overflow-y-auto">
        {(days ?? []).map((day) => (
          <li key={day.date}>
            <h3 className="text-sm font-semibold text-slate-900">{day.label}</h3>
            <div className="mt-1 flex flex-wrap gap-2">
              {day.slots.map((slot) => (
                <button
                  key={slot.startsAt}
                  type="button"
                  disabled={busy}
                  onClick={() => void pick(slot)}
                  aria-label={`${day.label}, ${slot.label}`}
                  className="rounded-lg border border-brand-600 px-3 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-60"
                >
                  {slot.label}
                </button>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
