/** A part of a whole as a thin SVG bar under a figure (the share contacted within 24 hours). */
export function ShareMeter({ part, whole, label }: { part: number; whole: number; label: string }) {
  const share = whole === 0 ? 0 : Math.min(1, part / whole);
  return (
    <svg viewBox="0 0 100 6" preserveAspectRatio="none" role="img" aria-label={label} className="mt-2 h-2 w-full">
      <rect width="100" height="6" rx="3" fill="#e2e8f0" />
      <rect width={share * 100} height="6" rx="3" fill={share >= 0.9 ? "#15803d" : share >= 0.6 ? "#b45309" : "#b91c1c"} />
    </svg>
  );
}
