import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { simpleParser, type ParsedMail } from "mailparser";

import { startMailServer, type RunningMailServer } from "@/scripts/mail-server.mjs";

/**
 * A real SMTP server for a test file: the embedded default's own (scripts/mail-server.mjs) on a free
 * loopback port with a temporary folder. Messages are read back from what it kept, with mailparser.
 * stop() and start() again on the same port stand for an outage of the mail server.
 */
export async function openTestMailServer() {
  const dir = await mkdtemp(path.join(tmpdir(), "mail-test-"));
  let running: RunningMailServer | null = await startMailServer({ dir });
  const port = running.port;
  return {
    dir,
    url: `smtp://127.0.0.1:${port}`,
    async stop() {
      await running?.stop();
      running = null;
    },
    async start() {
      running ??= await startMailServer({ dir, port });
    },
    /** Every message received so far, oldest first, parsed from its .eml. */
    async messages(): Promise<ParsedMail[]> {
      const ids = (await readdir(dir)).filter((name) => !name.startsWith(".")).sort();
      return Promise.all(ids.map(async (id) => simpleParser(await readFile(path.join(dir, id, "message.eml")))));
    },
    async clear() {
      for (const name of await readdir(dir)) await rm(path.join(dir, name), { recursive: true, force: true });
    },
    async dispose() {
      await running?.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
