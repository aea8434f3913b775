// `npm run bench:outbox`: how fast the outbox delivers queued email to the local SMTP server (the
// issue's goal: 10,000 messages at 200 or more per second). A throwaway in-memory PGlite (never the
// app's database) gets 10,000 queued messages of the email topic, rendered like the real ones; the
// embedded default's own SMTP server (scripts/mail-server.mjs) runs in a child process with a
// temporary folder, as it runs beside `npm start`; then WORKERS delivery loops (as two app instances
// would, each with its own SMTP sender and connection pool) drain the queue through the real SMTP
// sender with the outbox's default batches and concurrency. Prints the rate and the load average
// (the machine may be busy with other work).
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

import { startMailServerProcess } from "./mail-server-process";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000);
const WORKERS = 2;
const GOAL_PER_SECOND = 200;

async function main() {
  const { openDatabase, setDatabaseForTests } = await import("../lib/platform/db/client");
  const { outbox } = await import("../lib/platform/db/schema");
  const { EMAIL_TOPIC, emailPayloadSchema } = await import("../lib/notifications/email");
  const { sessionReminderEmail } = await import("../lib/notifications/messages/session-reminder");
  const { smtpSender } = await import("../lib/notifications/transport");
  const { deliverDue } = await import("../lib/platform/outbox/outbox");

  const opened = await openDatabase({ pgliteDir: "memory://" });
  setDatabaseForTests(opened);
  const { db } = opened;
  const content = sessionReminderEmail({
    readerName: "Sam",
    learnerName: "Ada",
    courseTitle: "Bench course",
    teacherName: "Teacher",
    when: "Mon, Mar 2, 2026, 4:00 PM Eastern Time (New York)",
    kind: "24h",
    isDemo: false,
    pageUrl: "http://localhost:3000/my-courses",
  });
  for (let i = 0; i < MESSAGES; i += 500) {
    await db.insert(outbox).values(
      Array.from({ length: Math.min(500, MESSAGES - i) }, (_, j) => ({
        topic: EMAIL_TOPIC,
        dedupeKey: `email:bench:${i + j}`,
        payload: emailPayloadSchema.parse({ ...content, to: `parent-${i + j}@example.com` }),
      })),
    );
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), "bench-outbox-"));
  const server = await startMailServerProcess(dir);
  const newSenders = () => ({
    [EMAIL_TOPIC]: smtpSender({ url: server.url, from: "Bench <hello@example.com>", messageIdHost: "localhost" }),
  });
  try {
    const loadBefore = os.loadavg()[0]!;
    const started = performance.now();
    const worker = async () => {
      const senders = newSenders();
      let delivered = 0;
      for (;;) {
        const report = await deliverDue(db, senders);
        delivered += report.delivered;
        if (report.failed > 0) throw new Error(`${report.failed} sends failed`);
        if (report.delivered === 0) return delivered;
      }
    };
    const delivered = (await Promise.all(Array.from({ length: WORKERS }, worker))).reduce((a, b) => a + b, 0);
    const seconds = (performance.now() - started) / 1000;
    const stored = (await readdir(dir)).filter((name) => !name.startsWith(".")).length;
    const rate = delivered / seconds;
    console.log(`outbox → local SMTP: ${delivered} messages in ${seconds.toFixed(1)} s = ${rate.toFixed(0)} per second`);
    console.log(`  ${WORKERS} delivery loops, ${os.cpus().length} cores; the server stored ${stored} messages`);
    console.log(`  load average (1 min) ${loadBefore.toFixed(2)} before, ${os.loadavg()[0]!.toFixed(2)} after`);
    console.log(`  goal ≥ ${GOAL_PER_SECOND} per second: ${rate >= GOAL_PER_SECOND && stored === MESSAGES ? "met" : "NOT met"}`);
    if (delivered !== MESSAGES || stored !== MESSAGES) process.exitCode = 1;
  } finally {
    server.stop();
    await opened.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
