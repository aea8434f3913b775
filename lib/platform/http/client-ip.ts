import "server-only";

import { BlockList, isIP } from "node:net";

import { env } from "@/lib/platform/env";

import { PEER_ADDRESS_HEADER } from "./peer-address.mjs";

/**
 * The visitor's IP, the one reading of it: GET /api/v1/ip (SPEC 7's IP lookup, answered
 * here so the visitor is not sent to an outside service), the address stored with a lead or
 * an event (lib/platform/http/request.ts) and the key of the rate limits (lib/platform/http/rate-limit.ts).
 *
 * A Next route handler does not see the socket (Next 15 removed `request.ip`), so:
 * - Behind `npm start` (scripts/server.mjs) the server records the socket's peer in
 *   PEER_ADDRESS_HEADER. A peer that is not one of TRUSTED_PROXIES is the visitor, whatever it
 *   wrote in X-Forwarded-For or X-Real-IP: forwarding headers are trusted only from configured
 *   proxies. From a trusted proxy, X-Forwarded-For is read from the right, skipping trusted
 *   proxies: the first address that is not one is the visitor.
 * - Elsewhere (`next dev`, Vercel, whose proxy overwrites X-Forwarded-For with the visitor's
 *   address) no peer is recorded, and the header is read the same way; without TRUSTED_PROXIES
 *   its last entry, the hop nearest to us, is the answer.
 */
export function clientIp(
  headers: Headers,
  trustedProxies: readonly string[] = env.TRUSTED_PROXIES ?? [],
  isPeerRecorded: boolean = env.SERVER_RECORDS_PEER_ADDRESS === "1",
): string | null {
  const trusted = blockListOf(trustedProxies);
  // Only our own server writes this header; anywhere else a client could have.
  const peer = isPeerRecorded ? normalize(headers.get(PEER_ADDRESS_HEADER)?.trim() ?? "") : null;
  if (peer !== null && !isTrusted(trusted, peer)) return peer;

  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => normalize(entry.trim()))
    .filter((entry): entry is string => entry !== null);
  // A proxy that sets X-Real-IP instead (nginx's habit) is read the same way, when it is alone.
  if (chain.length === 0) return normalize(headers.get("x-real-ip")?.trim() ?? "") ?? peer;
  if (trustedProxies.length === 0) return chain.at(-1) ?? null;
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

/** Built once per list: the configured one is the same array on every request (a hot path). */
const blockLists = new WeakMap<readonly string[], BlockList>();

function blockListOf(ranges: readonly string[]): BlockList {
  const cached = blockLists.get(ranges);
  if (cached) return cached;
  const list = new BlockList();
  for (const range of ranges) {
    const [address = "", prefix] = range.split("/");
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  blockLists.set(ranges, list);
  return list;
}

function isTrusted(list: BlockList, address: string): boolean {
  return list.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}
