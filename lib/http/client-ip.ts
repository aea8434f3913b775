import "server-only";

import { BlockList, isIP } from "node:net";

import { env } from "@/lib/env";

/**
 * The visitor's IP, the one reading of it: GET /api/v1/ip (SPEC 7's IP lookup, answered
 * here so the visitor is not sent to an outside service), the address stored with a lead or
 * an event (lib/http/request.ts) and the key of the rate limits (lib/http/rate-limit.ts).
 *
 * A Next route handler does not see the socket: Next 15 removed `request.ip`,
 * and `next start` writes the peer address into X-Forwarded-For only when the
 * request has no such header (`??=` in Next's base server). So:
 * - without TRUSTED_PROXIES the header's last entry is the answer: the peer's
 *   address when it sent none, and whatever a client claims when it did. It is
 *   a hint for analytics, never used to grant anything.
 * - with TRUSTED_PROXIES (the proxies in front of the app, which append the
 *   address they saw), entries are read from the right, skipping trusted
 *   proxies: the first address that is not one is the visitor; anything a
 *   client wrote further left is ignored. The app must then be reachable only
 *   through those proxies, since nothing here can check the immediate peer.
 */
export function clientIp(headers: Headers, trustedProxies: readonly string[] = env.TRUSTED_PROXIES ?? []): string | null {
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => normalize(entry.trim()))
    .filter((entry): entry is string => entry !== null);
  // A proxy that sets X-Real-IP instead (nginx's habit) is read the same way, when it is alone.
  if (chain.length === 0) return normalize(headers.get("x-real-ip")?.trim() ?? "");
  if (trustedProxies.length === 0) return chain.at(-1) ?? null;
  const trusted = blockListOf(trustedProxies);
  for (let i = chain.length - 1; i >= 0; i--) {
    const address = chain[i];
    if (address !== undefined && !isTrusted(trusted, address)) return address;
  }
  // Every hop is one of ours (a request from inside the network): the furthest one.
  return chain[0] ?? null;
}

/** Plain addresses only: strips a port ("1.2.3.4:5678", "[::1]:80") and the IPv4-mapped prefix; anything else is dropped. */
function normalize(entry: string): string | null {
  let address = entry;
  const bracketed = address.match(/^\[([^\]]+)\](?::\d+)?$/);
  if (bracketed?.[1]) address = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(address)) address = address.replace(/:\d+$/, "");
  address = address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1");
  return isIP(address) ? address : null;
}

function blockListOf(ranges: readonly string[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const [address = "", prefix] = range.split("/");
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

function isTrusted(list: BlockList, address: string): boolean {
  return list.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}
