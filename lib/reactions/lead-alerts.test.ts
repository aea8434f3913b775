import { demoRequests } from "@/lib/platform/db/schema";
import { brand } from "@/lib/platform/brand";
import { mailHarness } from "@/test/mail-harness";

import { LEAD_ALERT_AFTER_MS, queueWaitingLeadAlerts } from "./lead-alerts";

/**
 * Issue 30: every instance runs the minute's timed jobs (lib/reactions/table.ts TIMED_WORK). Two instances
 * scanning and delivering at the same instant send support one alert per waiting lead, not two.
 */
const { db, mail, deliver, received } = mailHarness();

it("alerts support once per waiting lead when two instances scan and deliver at the same moment", async () => {
  await mail.clear();
  const now = new Date();
  const [lead] = await db()
    .insert(demoRequests)
    .values({
      userEmail: "waiting.family@example.com",
      course: "not-sure",
      grade: 4,
      name: "Waiting",
      createdAt: new Date(now.getTime() - LEAD_ALERT_AFTER_MS - 60_000),
    })
    .returning({ id: demoRequests.id });

  await Promise.all([queueWaitingLeadAlerts(db(), now), queueWaitingLeadAlerts(db(), now)]);
  await Promise.all([deliver(now), deliver(now)]);
  // And a minute later, both again: the lead still waits, and is not alerted twice.
  const later = new Date(now.getTime() + 60_000);
  await Promise.all([queueWaitingLeadAlerts(db(), later), queueWaitingLeadAlerts(db(), later)]);
  await Promise.all([deliver(later), deliver(later)]);

  const alerts = (await received(brand.supportEmail)).filter((message) => (message.text ?? "").includes(`/support/requests/${lead!.id}`));
  expect(alerts).toHaveLength(1);
});
