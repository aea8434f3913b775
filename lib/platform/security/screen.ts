import "server-only";

import type { Database, Transaction } from "@/lib/platform/db/client";

import { allowedLinkHostList } from "./allowed-hosts";
import { hostOf, isAllowedHost, screenText, type Screened } from "./screening";

/**
 * The one way the product screens a text a teacher and a family share (issue 40): screenText
 * (screening.ts, pure) with the admins' link allow-list read through its cache (allowed-hosts.ts),
 * so a message, a note, homework feedback or a report comment lets the same sites through.
 * ESLint refuses screenText anywhere else in lib/ (eslint.config.mjs), so no caller can forget the
 * list. Inside a transaction pass it (`tx`): on PGlite a read beside an open transaction waits for it.
 */
export interface TextScreen {
  (input: string, options?: { recentTexts?: readonly string[] }): Screened;
  readonly allowedHosts: readonly string[];
  /** A link (homework, a resource) to an allowed host: shown; any other is held for support. */
  allowsLink(link: string): boolean;
}

/** A screen with the allow-list as it is now, for one or many texts. */
export async function textScreen(db?: Database | Transaction): Promise<TextScreen> {
  const allowedHosts = await allowedLinkHostList(db);
  const screen = (input: string, options: { recentTexts?: readonly string[] } = {}) => screenText(input, { ...options, allowedHosts });
  return Object.assign(screen, {
    allowedHosts,
    allowsLink(link: string) {
      const host = hostOf(link);
      return host !== null && isAllowedHost(host, allowedHosts);
    },
  });
}

/** One text, screened with the allow-list (textScreen for several). */
export async function screenShared(
  db: Database | Transaction | undefined,
  input: string,
  options: { recentTexts?: readonly string[] } = {},
): Promise<Screened> {
  return (await textScreen(db))(input, options);
}
