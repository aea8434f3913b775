// `npm run audit:money`: the money audit of issue 39 (lib/commerce/seats/audit.ts) over the app's
// database (DATABASE_URL, or the embedded one: stop the app first, PGlite allows one process).
// Prints every mismatch and exits 1 if there is any, 0 when every seat and wallet adds up.

async function main() {
  const [{ getDb }, { auditMoney }] = await Promise.all([import("../lib/platform/db/client"), import("../lib/commerce/seats/audit")]);
  const result = await auditMoney(await getDb());
  for (const mismatch of result.mismatches) console.error(`MISMATCH ${mismatch.kind} ${mismatch.message}`);
  console.log(
    `money audit: ${result.checkedSeats} seats and ${result.checkedWallets} wallets checked, ${result.mismatches.length} mismatches`,
  );
  return result.mismatches.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
