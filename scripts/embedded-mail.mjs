// The embedded mail default, shared by `npm start` and `npm run dev`: with no SMTP_URL configured
// (in the environment or a .env file), run scripts/mail-server.mjs on a free loopback port and point
// the app at it. MAILBOX_DIR tells the app where the messages are kept, and that the mailbox page
// (/dev/mailbox, loopback only) may exist.
import path from "node:path";

import { configuredVariable } from "./configured-variable.mjs";
import { startMailServer } from "./mail-server.mjs";

/** SMTP_URL as the app will see it: the environment first, then the .env files Next loads. */
export const configuredSmtpUrl = (root, env = process.env) => configuredVariable(root, "SMTP_URL", env);

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
