// The embedded mail default, shared by `npm start` and `npm run dev`: with no SMTP_URL configured
// (in the environment or a .env file), run scripts/mail-server.mjs on a free loopback port and point
// the app at it. MAILBOX_DIR tells the app where the messages are kept, and that the mailbox page
// (/dev/mailbox, loopback only) may exist.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";

import { startMailServer } from "./mail-server.mjs";

/** SMTP_URL as the app will see it: the environment first, then the .env files Next loads. */
export function configuredSmtpUrl(root, env = process.env) {
  // Set, even empty (the e2e servers), the environment decides: Next does not let a .env file override it.
  if (env.SMTP_URL !== undefined) return env.SMTP_URL;
  for (const file of [".env.production.local", ".env.development.local", ".env.local", ".env.production", ".env.development", ".env"]) {
    try {
      const value = parseEnv(readFileSync(path.join(root, file), "utf8")).SMTP_URL;
      if (value) return value;
    } catch {
      // No such file.
    }
  }
  return "";
}

/**
 * Starts the embedded mail server unless SMTP_URL is configured. Port 0: the system picks a free
 * port, so any number of servers (a developer's, two e2e instances) run side by side.
 * Returns the variables for the app and the running server (null when not started).
 */
export async function startEmbeddedMail(root, env = process.env) {
  if (configuredSmtpUrl(root, env)) return { env: {}, server: null };
  const dir = path.resolve(root, env.MAILBOX_DIR || ".data/mail");
  const server = await startMailServer({ dir });
  console.log(`[start] embedded mail server at ${server.url}: messages kept in ${path.relative(root, dir) || dir}, shown at /dev/mailbox`);
  return { env: { SMTP_URL: server.url, MAILBOX_DIR: dir }, server };
}
