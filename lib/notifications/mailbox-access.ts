import { env } from "@/lib/platform/env";
import { PEER_ADDRESS_HEADER } from "@/lib/platform/http/peer-address.mjs";
import { isLoopbackHost } from "@/lib/platform/loopback.mjs";

/**
 * Whether this request may see the embedded mailbox (/dev/mailbox). It holds other people's mail
 * (every parent's and teacher's on this machine), so all of these must hold, else the page is a 404:
 * - the embedded mail server is in use: scripts/start.mjs set MAILBOX_DIR for the server it started,
 *   and SMTP_URL points at loopback (a real SMTP server means a real deployment: no mailbox);
 * - the request names a loopback host (a DNS-rebinding page or a public name does not);
 * - it came from this machine: the socket's peer recorded by scripts/server.mjs is a loopback
 *   address (or, without that server, the app listens on loopback only), and any forwarding header
 *   names loopback only (a reverse proxy on this machine forwarding a visitor does not pass).
 */
export interface MailboxAccessConfig {
  mailboxDir: string | undefined;
  smtpUrl: string | undefined;
  isPeerRecorded: boolean;
  listenHost: string | undefined;
}

const currentConfig = (): MailboxAccessConfig => ({
  mailboxDir: env.MAILBOX_DIR,
  smtpUrl: env.SMTP_URL,
  isPeerRecorded: env.SERVER_RECORDS_PEER_ADDRESS === "1",
  listenHost: env.HOST,
});

/** "::ffff:127.0.0.1" is IPv4's loopback seen by an IPv6 socket. */
const isLoopbackAddress = (value: string | null | undefined) => Boolean(value) && isLoopbackHost(value!.trim().replace(/^::ffff:/i, ""));

function hostnameOf(hostHeader: string | null): string | null {
  if (!hostHeader) return null;
  try {
    return new URL(`http://${hostHeader}`).hostname;
  } catch {
    return null;
  }
}

/** Every address a forwarding header names (X-Forwarded-For, X-Real-IP, Forwarded's for=). */
function forwardedAddresses(headers: Headers): string[] {
  const list = [headers.get("x-forwarded-for"), headers.get("x-real-ip")].flatMap((v) => (v ? v.split(",") : []));
  const forwarded = headers.get("forwarded");
  if (forwarded) for (const match of forwarded.matchAll(/for="?\[?([^\]";,]+)/gi)) list.push(match[1] ?? "");
  return list.map((v) => v.trim()).filter(Boolean);
}

export function isMailboxOpen(headers: Headers, config: MailboxAccessConfig = currentConfig()): boolean {
  if (!config.mailboxDir || !config.smtpUrl) return false;
  const smtpHost = hostnameOf(new URL(config.smtpUrl).host);
  if (!smtpHost || !isLoopbackHost(smtpHost)) return false;
  const host = hostnameOf(headers.get("host"));
  if (!host || !isLoopbackHost(host)) return false;
  if (!forwardedAddresses(headers).every(isLoopbackAddress)) return false;
  return config.isPeerRecorded ? isLoopbackAddress(headers.get(PEER_ADDRESS_HEADER)) : isLoopbackHost(config.listenHost);
}
