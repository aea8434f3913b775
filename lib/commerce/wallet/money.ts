import { env } from "@/lib/platform/env";
import { formatPrice } from "@/lib/scheduling/weekly-times";

/** The one currency of prices, the wallet and card payments (env CURRENCY). */
export const CURRENCY = env.CURRENCY;

/** Integer minor units as money with Intl.NumberFormat: 14900 is "$149.00" in USD. */
export function formatMoney(minor: number, currency: string = CURRENCY): string {
  return formatPrice(minor, currency);
}

const compactDigits =
  new Intl.NumberFormat("en-US", { style: "currency", currency: CURRENCY }).resolvedOptions().maximumFractionDigits ?? 2;
const compact = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: CURRENCY,
  notation: "compact",
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** Minor units as a number of major units (14900 is 149 in USD), for charts. */
export function minorToMajor(minor: number): number {
  return minor / 10 ** compactDigits;
}

/** For chart axes, in major units: 1250 is "$1.3K" in USD. */
export function formatMoneyCompact(major: number): string {
  return compact.format(major);
}
