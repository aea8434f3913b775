import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import { POST as unsubscribePost } from "@/app/api/unsubscribe/[token]/route";
import { unsubscribeStatus } from "@/lib/notifications/preferences";
import { bookings, courses, demoRequests, emailPreferences } from "@/lib/platform/db/schema";
import { runMinuteJobs } from "@/test/events";
import { mailHarness } from "@/test/mail-harness";
import { EVERY_DAY, newCourse, newTeacher } from "@/test/scheduling-fixtures";

import { FOLLOW_UP_DELAY_MS } from "./demo-follow-up";

/**
 * Issue 19: the post-demo follow-up (non-essential: List-Unsubscribe, honoured), while reminders
 * still go to an address that unsubscribed; and support hears of a lead nobody took by mid-promise.
 */
const HOUR = 3_600_000;

const { db, mail, deliver, received } = mailHarness();
/** Two instances scan and deliver at the same instant. */
async function scanAndDeliver(now: Date) {
  await Promise.all([runMinuteJobs(db(), now), runMinuteJobs(db(), now)]);
  await Promise.all([deliver(now), deliver(now)]);
}

async function demo(email: string, startsAt: Date, status: "confirmed" | "no_show" = "confirmed") {
  const teacherId = await newTeacher(db(), "Europe/London", EVERY_DAY(0, 24 * 60 - 30));
  const courseId = await newCourse(db(), teacherId);
  const [request] = await db()
    .insert(demoRequests)
    .values({
      userEmail: email,
      course: String(courseId),
      courseId,
      grade: 3,
      name: "Sam",
      status: "demo_scheduled",
      firstContactedAt: new Date(),
    })
    .returning({ id: demoRequests.id });
  const [booking] = await db()
    .insert(bookings)
    .values({
      kind: "demo",
      demoRequestId: request!.id,
      teacherId,
      courseId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + HOUR / 2),
      status,
      token: randomUUID(),
      timezone: "Europe/London",
    })
    .returning({ id: bookings.id, endsAt: bookings.endsAt });
  const [course] = await db().select({ slug: courses.slug }).from(courses).where(eq(courses.id, courseId));
  return { ...booking!, slug: course!.slug };
}

describe("the post-demo follow-up", () => {
  it("goes once between 24 and 48 hours after the demo's end when no outcome was recorded, with the course link and a working one-click unsubscribe", async () => {
    await mail.clear();
    const start = new Date(Math.ceil((Date.now() + 2 * 24 * HOUR) / HOUR) * HOUR);
    const booking = await demo("follow.up@example.com", start);
    const noShow = await demo("no.show@example.com", start, "no_show");
    const end = booking.endsAt.getTime();

    await scanAndDeliver(new Date(end));
    expect((await received("follow.up@example.com")).filter((m) => /^How was/.test(m.subject ?? ""))).toHaveLength(0);
    await scanAndDeliver(new Date(end + FOLLOW_UP_DELAY_MS - HOUR));
    expect((await received("follow.up@example.com")).filter((m) => /^How was/.test(m.subject ?? ""))).toHaveLength(0);
    for (const at of [end + FOLLOW_UP_DELAY_MS, end + 30 * HOUR, end + 47 * HOUR]) await scanAndDeliver(new Date(at));
    const followUps = (await received("follow.up@example.com")).filter((m) => /^How was/.test(m.subject ?? ""));
    expect(followUps.map((m) => m.subject)).toEqual(["How was the free demo of Test course?"]);
    expect(followUps[0]!.text).toContain(`Enrol in the course: http://localhost:3000/courses/${booking.slug}`);
    expect((await received("no.show@example.com")).filter((m) => /^How was/.test(m.subject ?? ""))).toHaveLength(0);
    expect(noShow.id).toBeTruthy();

    const header = (key: string) => followUps[0]!.headerLines.find((line) => line.key === key)?.line.replace(/\r?\n\s+/g, " ");
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const link = /^List-Unsubscribe: <(http:\/\/localhost:3000\/api\/unsubscribe\/([A-Za-z0-9_-]{40,}))>$/.exec(
      header("list-unsubscribe") ?? "",
    );
    expect(link).not.toBeNull();
    const token = link![2]!;
    // The page's own link names the same token; a guessed one is refused and changes nothing.
    expect(followUps[0]!.text).toContain(`http://localhost:3000/unsubscribe/${token}`);
    const guessed = await unsubscribePost(new Request("http://localhost:3000/api/unsubscribe/x", { method: "POST" }), {
      params: Promise.resolve({ token: "A".repeat(43) }),
    });
    expect(guessed.status).toBe(404);
    expect(await unsubscribeStatus(db(), token)).toBe("subscribed");

    // The mail client's one-click POST (RFC 8058), cross-site, as a form.
    const response = await unsubscribePost(
      new Request(`http://localhost:3000/api/unsubscribe/${token}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example.net" },
        body: "List-Unsubscribe=One-Click",
      }),
      { params: Promise.resolve({ token }) },
    );
    expect(response.status).toBe(200);
    const [row] = await db().select().from(emailPreferences).where(eq(emailPreferences.email, "follow.up@example.com"));
    expect(row!.unsubscribedAt).not.toBeNull();

    // A second demo of the same address: its reminders (transactional) go, its follow-up does not.
    await mail.clear();
    const later = new Date(start.getTime() + 3 * 24 * HOUR);
    const second = await demo("Follow.Up@example.com", later);
    for (const at of [later.getTime() - 24 * HOUR, later.getTime() - HOUR, second.endsAt.getTime() + FOLLOW_UP_DELAY_MS + HOUR])
      await scanAndDeliver(new Date(at));
    expect((await received("Follow.Up@example.com")).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Tomorrow: /),
      expect.stringMatching(/^In 1 hour: /),
    ]);
  });
});

describe("a lead nobody took", () => {
  it("is announced to support once, past half of the 24-hour promise, and not once someone contacted the family", async () => {
    await mail.clear();
    const createdAt = new Date(Date.now() - HOUR);
    const [waiting] = await db()
      .insert(demoRequests)
      .values({ userEmail: "waiting@example.com", course: "not-sure", grade: 2, createdAt })
      .returning({ id: demoRequests.id });
    await db()
      .insert(demoRequests)
      .values({ userEmail: "taken@example.com", course: "not-sure", createdAt, status: "contacted", firstContactedAt: createdAt });

    await scanAndDeliver(new Date(createdAt.getTime() + 11 * HOUR));
    expect(await received("support@example.com")).toHaveLength(0);
    for (const hours of [12, 13, 20]) await scanAndDeliver(new Date(createdAt.getTime() + hours * HOUR));
    const alerts = await received("support@example.com");
    expect(alerts.map((m) => m.subject)).toEqual(["A demo request has waited 12 hours: nobody has taken it"]);
    expect(alerts[0]!.text).toContain(`http://localhost:3000/support/requests/${waiting!.id}`);
    // Nothing of the family's contact details goes in the alert.
    expect(alerts[0]!.text).not.toContain("waiting@example.com");
  });
});
