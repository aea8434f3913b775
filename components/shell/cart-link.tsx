"use client";

import { useEffect, useState } from "react";

import { IntentLink } from "@/components/ui/intent-link";
import type { NavLink } from "@/lib/platform/auth/navigation";

import { BarLabel } from "./bar-icon";

const seats = (n: number) => `${n} ${n === 1 ? "seat" : "seats"}`;

/**
 * The bar's cart link with the number of seats in the cart (issue 31 item 4). On the signed-in
 * pages the count comes with the server's HTML (`serverCount`); on the static public pages the bar
 * itself appears only once the browser knows the session, and the count is asked for then
 * (`readCount`). The count is a badge laid over the link's corner, so its arrival moves nothing.
 */
export function CartLink({
  link,
  serverCount,
  readCount,
}: {
  link: NavLink;
  serverCount: number | null;
  readCount?: () => Promise<number | null>;
}) {
  const [readValue, setReadValue] = useState<number | null>(null);
  useEffect(() => {
    if (serverCount !== null || !readCount) return;
    let isCurrent = true;
    readCount().then(
      (read) => {
        if (isCurrent) setReadValue(read);
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [serverCount, readCount]);
  const count = serverCount ?? readValue;
  const hasSeats = count !== null && count > 0;
  return (
    <IntentLink
      href={link.href}
      aria-label={hasSeats ? `${link.label} (${seats(count)})` : link.label}
      className="relative block rounded-lg px-2 py-1 text-sm font-semibold text-slate-800 hover:bg-brand-50 hover:text-brand-700"
    >
      <BarLabel icon="cart" label={link.label} />
      {hasSeats ? (
        <span
          aria-hidden="true"
          className="absolute -top-1.5 -right-2 grid h-5 min-w-5 place-items-center rounded-full bg-brand-700 px-1 text-xs leading-none font-bold text-white"
        >
          {count}
        </span>
      ) : null}
    </IntentLink>
  );
}
