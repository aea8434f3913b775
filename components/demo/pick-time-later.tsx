"use client";

import { useState } from "react";

import DemoTimePicker, { type BookedDemo } from "@/components/forms/demo-time-picker";
import type { TimePickerActions } from "@/lib/scheduling/picker";

/** The acknowledgement email's picker: the same open times as the dialog's, for the request the link names. */
export function PickTimeLater({ leadToken, actions }: { leadToken: string; actions: TimePickerActions }) {
  const [booked, setBooked] = useState<BookedDemo | null>(null);
  if (booked)
    return (
      <p className="mt-6 font-semibold text-slate-900" role="status">
        Your free demo is booked for {booked.when}.{" "}
        <a href={`/demo/${booked.token}`} className="text-brand-700 underline">
          See or change your booking
        </a>
      </p>
    );
  return <DemoTimePicker leadToken={leadToken} actions={actions} onBooked={setBooked} />;
}
