import type { PayoutAccount } from "@/lib/commerce/earnings/connect";

/**
 * Where a teacher's statements are paid: their Stripe account (connect it, finish its onboarding,
 * or ready) when Stripe is configured; otherwise by hand, by an admin.
 */
export function PayoutAccountPanel({
  available,
  account,
  connect,
  notice,
}: {
  available: boolean;
  account: PayoutAccount | null;
  connect: () => Promise<void>;
  notice: string | null;
}) {
  if (!available) {
    return (
      <p className="text-slate-700">
        Payouts are made by an admin after each month ends (by bank transfer) and recorded on your statement with their reference.
      </p>
    );
  }
  const ready = account?.payoutsEnabled === true;
  return (
    <div className="space-y-3">
      {notice ? (
        <p role="status" className="rounded-lg border border-slate-300 bg-slate-50 p-3 text-sm text-slate-800">
          {notice}
        </p>
      ) : null}
      {ready ? (
        <p className="text-slate-800">
          <strong>Your Stripe account is connected</strong> and can receive payouts. Each statement is sent to it once an admin pays it.
        </p>
      ) : (
        <>
          <p className="text-slate-800">
            {account
              ? "Your Stripe account is not ready for payouts yet: finish Stripe's onboarding to receive your statements."
              : "Connect a Stripe account to receive your statements: Stripe asks for your identity and the bank account to pay."}
          </p>
          <form action={connect}>
            <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
              {account ? "Finish Stripe onboarding" : "Connect a Stripe account"}
            </button>
          </form>
        </>
      )}
    </div>
  );
}
