import type { LeadAccountExport } from "@/lib/privacy/export";

export const accountExportHref = (accountId: number) => `/api/privacy/accounts/${accountId}/export`;

/**
 * A demo request's "Family's data" (issue 26 finding 7): the account the request belongs to and
 * the download of everything held about it, or why there is none (no account; support and an
 * unverified email). The route checks and audits again.
 */
export function AccountDataExport({ found }: { found: LeadAccountExport }) {
  if (found.kind === "none") {
    return (
      <p role="note" className="mt-2 rounded-xl bg-slate-100 p-3 text-sm text-slate-800">
        {found.message}
      </p>
    );
  }
  const how = found.kind === "linked" ? "made this request while signed in" : "has this request’s email address and has verified it";
  return (
    <>
      <p className="mt-1 text-sm text-slate-700">
        The account {found.email} (number {found.accountId}) {how}. When a parent asks what we hold about them: everything held about the
        account and its children, as a file to send to the account&rsquo;s address. Each export is recorded in the account&rsquo;s history.
      </p>
      {found.check.ok ? (
        <a
          href={accountExportHref(found.accountId)}
          download
          className="mt-2 inline-block rounded-lg border border-brand-700 px-3 py-2 font-semibold text-brand-700 hover:bg-brand-50"
        >
          Export the account&rsquo;s data (JSON)
        </a>
      ) : (
        <p role="note" className="mt-2 rounded-xl bg-amber-100 p-3 text-sm font-medium text-amber-950">
          {found.check.message}
        </p>
      )}
    </>
  );
}
