/** A full-screen busy overlay: the route-change loader and the demo form's busy state. */
export function SpinnerOverlay({ label, className = "" }: { label: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={`fixed inset-0 z-[60] grid place-items-center bg-white/70 ${className}`}>
      <div className="flex flex-col items-center gap-3">
        <span aria-hidden="true" className="spinner size-10 rounded-full border-4 border-brand-100 border-t-brand-600" />
        <span className="text-sm font-medium text-slate-800">{label}</span>
      </div>
    </div>
  );
}
