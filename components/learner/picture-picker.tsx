"use client";

import { PICTURES, PICTURES_IN_PASSWORD, pictureLabel } from "@/lib/learner-access/pictures";

/**
 * Nine big picture buttons; tapping one adds it to the password, in order, up to three. Each button
 * says its word under the picture (and to a screen reader, with its place once chosen), and the
 * chosen order is spelled out below, with a button to start again.
 */
export function PicturePicker({
  idPrefix,
  legend,
  value,
  onChange,
  error,
}: {
  idPrefix: string;
  legend: string;
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-base font-bold text-slate-900">{legend}</legend>
      <div className="mt-3 grid grid-cols-3 gap-3">
        {PICTURES.map((picture) => {
          const place = value.indexOf(picture.id);
          const isChosen = place >= 0;
          return (
            <button
              key={picture.id}
              type="button"
              aria-pressed={isChosen}
              aria-label={isChosen ? `${picture.label}, picture ${place + 1}` : picture.label}
              disabled={!isChosen && value.length >= PICTURES_IN_PASSWORD}
              onClick={() => onChange(isChosen ? value.filter((id) => id !== picture.id) : [...value, picture.id])}
              className={`relative flex min-h-24 flex-col items-center justify-center rounded-2xl border-4 bg-white p-2 text-slate-900 disabled:opacity-60 ${
                isChosen ? "border-brand-700 bg-brand-50" : "border-slate-300 hover:border-brand-600"
              }`}
            >
              <span aria-hidden="true" className="text-4xl leading-none">
                {picture.emoji}
              </span>
              <span className="mt-1 text-base font-semibold">{picture.label}</span>
              {isChosen ? (
                <span aria-hidden="true" className="absolute top-1 right-2 rounded-full bg-brand-700 px-2 text-sm font-bold text-white">
                  {place + 1}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      <p className="mt-3 text-base text-slate-800" aria-live="polite">
        {value.length === 0 ? "Tap 3 pictures." : `You picked: ${value.map(pictureLabel).join(", ")}.`}
      </p>
      {value.length > 0 ? (
        <button
          type="button"
          onClick={() => onChange([])}
          className="mt-2 rounded-xl border-2 border-slate-400 px-4 py-2 font-semibold text-slate-900 hover:border-brand-600"
        >
          Start again
        </button>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-2 font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
