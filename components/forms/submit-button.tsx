import type { ReactNode } from "react";

/** A form's submit button: disabled while its request is in flight (SPEC 5). */
export function SubmitButton({
  isBusy,
  children,
  tone = "primary",
}: {
  isBusy: boolean;
  children: ReactNode;
  tone?: "primary" | "danger";
}) {
  const colours = tone === "danger" ? "bg-red-700 hover:bg-red-800" : "bg-brand-600 hover:bg-brand-700";
  return (
    <button
      type="submit"
      disabled={isBusy}
      aria-busy={isBusy}
      className={`w-full rounded-xl px-5 py-3 font-semibold text-white disabled:cursor-not-allowed disabled:opacity-60 ${colours}`}
    >
      {children}
    </button>
  );
}
