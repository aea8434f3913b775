import { env } from "@/lib/platform/env";
import { formatPrice } from "@/lib/scheduling/weekly-times";

/** The one currency of prices, the wallet and card payments (env CURRENCY). */
export const CURRENCY = env.CURRENCY;

/** Integer minor units as money with Intl.NumberFormat: 14900 is "$149.00" in USD. */
export function formatMoney(minor: number, currency: string = CURRENCY): string {
  return formatPrice(minor, currency);
}
