import "server-only";

import { brand } from "@/lib/platform/brand";
import { env } from "@/lib/platform/env";

/** The From of every message (MAIL_FROM, else the brand's name and support address), and its parts for invites. */
export function mailFrom(): { header: string; name: string; email: string } {
  const header = env.MAIL_FROM ?? `${brand.name} <${brand.supportEmail}>`;
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(header);
  if (match) return { header, name: match[1] || brand.name, email: match[2] ?? brand.supportEmail };
  return { header, name: brand.name, email: header.trim() };
}
