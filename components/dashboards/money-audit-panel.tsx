import { formatInstantInZone } from "@/lib/scheduling/time";

/** The last money audit (issue 39, lib/commerce/seats/audit.ts) on the admin dashboard: when, what it checked, and every mismatch it listed. */
export function MoneyAuditPanel({
  audit,
  zone,
}: {
  audit: { ranAt: Date; checkedSeats: number; checkedWallets: number; total: number; shown: Array<{ message: string }> } | null;
  zone: string;
}) {
  if (!audit) return <p className="mt-2 text-sm text-slate-700">The daily money audit has not run yet.</p>;
  const when = formatInstantInZone(audit.ranAt, zone);
  return (
    <>
      <p className="mt-2 text-sm text-slate-700">
        Last run {when}: {audit.checkedSeats.toLocaleString("en-US")} seats and {audit.checkedWallets.toLocaleString("en-US")} wallets
        checked.
      </p>
      {audit.total === 0 ? (
        <p className="mt-2 font-semibold text-emerald-800">Every seat and wallet adds up.</p>
      ) : (
        <>
          <p role="alert" className="mt-2 font-semibold text-red-800">
            {audit.total} {audit.total === 1 ? "mismatch" : "mismatches"}: every seat&apos;s price must equal its refunds, credits, earnings
            and sessions still to come, and no wallet may be below zero.
          </p>
          <ul className="mt-2 list-disc pl-6 text-sm text-slate-800">
            {audit.shown.map((m) => (
              <li key={m.message}>{m.message}</li>
            ))}
          </ul>
          {audit.total > audit.shown.length ? (
            <p className="mt-1 text-xs text-slate-600">
              {audit.total - audit.shown.length} more: run <code>npm run audit:money</code> for all of them.
            </p>
          ) : null}
        </>
      )}
    </>
  );
}
