import { randomUUID } from "node:crypto";

import { eq, like } from "drizzle-orm";

import { saveSessionNote } from "@/lib/classroom/session-notes";
import { setWeeklyDigestByToken, unsubscribeTokenFor } from "@/lib/notifications/preferences";
import { attendance, bookings, outbox, progressReports, sections, users } from "@/lib/platform/db/schema";
import { addChild, newFamily } from "@/test/commerce-fixtures";
import { mailHarness } from "@/test/mail-harness";
import { EVERY_DAY, newCourse, newTeacher } from "@/test/scheduling-fixtures";

import { dueDigestWeek, queueWeeklyDigests } from "./weekly-digest";

/**
 * Issue 28: the weekly digest, one email per family and local week, around the end of daylight
 * saving time in the United States (Sunday 2026-11-01 at 02:00, when the clocks go back an hour):
 * the Los Angeles family's week of 2026-11-01 runs from 07:00 UTC that Sunday to 08:00 UTC the
 * next (169 hours), and its digest goes from Sunday 2026-11-08 at 17:00 PST (01:00 UTC on the 9th).
 */
const { db, deliver, received, mail } = mailHarness();

const LA_DUE = new Date("2026-11-09T01:00:00Z");
const NY_DUE = new Date("2026-11-08T22:00:00Z");

async function section(teacherId: number, courseId: number, byday: string, startMinute: number) {
  const [row] = await db()
    .insert(sections)
    .values({
      courseId,
      teacherId,
      classType: "group",
      capacity: 10,
      priceMinor: 5000,
      currency: "USD",
      startsOn: "2026-10-25",
      startMinute,
      timezone: "America/Los_Angeles",
      rrule: `FREQ=WEEKLY;BYDAY=${byday}`,
      durationMinutes: 30,
      status: "open",
    })
    .returning();
  return row!;
}

async function seat(sec: typeof sections.$inferSelect, learnerId: number, startsAt = new Date("2026-10-25T00:00:00Z")) {
  await db()
    .insert(bookings)
    .values({
      kind: "seat",
      learnerId,
      teacherId: sec.teacherId,
      sectionId: sec.id,
      courseId: sec.courseId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 1_800_000),
      status: "confirmed",
      token: randomUUID(),
    });
}

/** The digest's session lines: "<when> · <course> · <child>: <attendance>". */
const sessionLines = (text: string) => text.split("\n").filter((line) => / · .+ · \w+: /.test(line));

async function twoInstances(now: Date) {
  await Promise.all([queueWeeklyDigests(db(), now), queueWeeklyDigests(db(), now)]);
  await Promise.all([deliver(now), deliver(now)]);
}

let world: Awaited<ReturnType<typeof makeWorld>>;

/**
 * A Los Angeles family (Ada every day at 23:30, Bea on Tuesdays at 16:00, in two courses), a New
 * York family in Ada's class, and a family whose child starts after that week.
 */
async function makeWorld() {
  const teacherId = await newTeacher(db(), "America/Los_Angeles", EVERY_DAY(0, 24 * 60));
  const daily = await section(teacherId, await newCourse(db(), teacherId), "MO,TU,WE,TH,FR,SA,SU", 23 * 60 + 30);
  const tuesdays = await section(teacherId, await newCourse(db(), teacherId), "TU", 16 * 60);
  const la = await newFamily(db());
  const bea = await addChild(db(), la.parentId, "Bea");
  await seat(daily, la.learnerId);
  await seat(tuesdays, bea);
  const ny = await newFamily(db());
  await db().update(users).set({ timezone: "America/New_York" }).where(eq(users.id, ny.parentId));
  const noah = await addChild(db(), ny.parentId, "Noah");
  await seat(daily, noah);
  const later = await newFamily(db());
  await seat(daily, later.learnerId, new Date("2026-11-10T00:00:00Z"));

  // The last session of the LA week: Saturday 2026-11-07 23:30 PST, 07:30 UTC on the 8th.
  const teacher = { id: teacherId, email: "t@example.com", role: "teacher" as const };
  await saveSessionNote(
    db(),
    teacher,
    {
      sectionId: daily.id,
      sessionStartsAt: "2026-11-08T07:30:00Z",
      covered: "Loops and a first maze",
      homeworkUrl: "https://code.org/maze",
      lines: [
        { learnerId: la.learnerId, line: "Ada finished the bonus level" },
        { learnerId: noah, line: "Noah should practise the second loop" },
      ],
    },
    LA_DUE,
  );
  // Sunday 2026-11-01 23:30 PST (after the change): Ada present, with a remark.
  await db()
    .insert(attendance)
    .values({
      sectionId: daily.id,
      sessionStartsAt: new Date("2026-11-02T07:30:00Z"),
      learnerId: la.learnerId,
      status: "present",
      note: "Helped a friend",
    });
  // A progress report written in the week (new: in the digest) and one written before it (not again).
  await db()
    .insert(progressReports)
    .values([
      {
        sectionId: daily.id,
        learnerId: la.learnerId,
        periodEndsOn: "2026-11-04",
        comment: "Good",
        nextStep: "Practise nested loops",
        createdAt: new Date("2026-11-05T12:00:00Z"),
      },
      {
        sectionId: daily.id,
        learnerId: la.learnerId,
        periodEndsOn: "2026-09-23",
        comment: "Fine",
        nextStep: "Read the old report",
        createdAt: new Date("2026-09-25T12:00:00Z"),
      },
    ]);
  const emailOf = async (id: number) => (await db().select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;
  return {
    la: { ...la, email: await emailOf(la.parentId) },
    ny: { ...ny, email: await emailOf(ny.parentId) },
    later: { ...later, email: await emailOf(later.parentId) },
  };
}

beforeAll(async () => {
  world = await makeWorld();
});

describe("the weekly digest", () => {
  it("falls due at Sunday 17:00 in the family's zone for its local week, 169 hours long across the change", () => {
    const week = dueDigestWeek("America/Los_Angeles", LA_DUE)!;
    expect(week).toEqual({
      weekStart: "2026-11-01",
      from: new Date("2026-11-01T07:00:00Z"),
      to: new Date("2026-11-08T08:00:00Z"),
      dueAt: LA_DUE,
    });
    expect(dueDigestWeek("America/Los_Angeles", new Date(LA_DUE.getTime() - 60_000))).toBeNull();
    expect(dueDigestWeek("America/Los_Angeles", new Date(LA_DUE.getTime() + 12 * 3_600_000))).toBeNull();
    expect(dueDigestWeek("America/New_York", NY_DUE)).toMatchObject({ weekStart: "2026-11-01", from: new Date("2026-11-01T04:00:00Z") });
  });

  it("lists every session of the family's local week, all children, in its zone, and none outside it; once, with two instances", async () => {
    // New York's digest goes first, at 17:00 EST; Los Angeles is three hours behind.
    await twoInstances(NY_DUE);
    expect(await received(world.la.email)).toHaveLength(0);
    const [nyMail, ...moreNy] = await received(world.ny.email);
    expect(moreNy).toHaveLength(0);
    // The same class in New York's own week: Saturday Oct 31 23:30 PDT is its Sunday 1:30 AM EST, and
    // the session noted (Saturday 23:30 PST) is its Sunday Nov 8, next week's: its line waits for that digest.
    const nyLines = sessionLines(nyMail!.text!);
    expect(nyLines).toHaveLength(7);
    expect(nyLines[0]).toMatch(/^Sun, Nov 1, 2026, 1:30\sAM Eastern Time \(New York\) · .+ · Noah: Not marked yet$/);
    expect(nyLines[6]).toMatch(/^Sat, Nov 7, 2026, 2:30\sAM Eastern Time \(New York\)/);
    expect(nyMail!.text).not.toContain("second loop");
    expect(nyMail!.text).not.toContain("Ada");

    await twoInstances(LA_DUE);
    await twoInstances(new Date(LA_DUE.getTime() + 3_600_000)); // a later scan: nothing new
    const messages = await received(world.la.email);
    expect(messages).toHaveLength(1);
    const message = messages[0]!;
    expect(message.subject).toBe("Your week of classes: Sun, Nov 1 – Sat, Nov 7, 2026");
    expect(message.text).toContain("Times are in Pacific Time (Los Angeles).");
    const lines = sessionLines(message.text!);
    const zone = "Pacific Time (Los Angeles)";
    // Ada daily at 23:30 local, from Sunday the 1st (after the change: PST) to Saturday the 7th; Bea on Tuesday.
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^Sun, Nov 1, 2026, 11:30\\sPM ${zone.replace(/[()]/g, "\\$&")} · .+ · Ada: Present$`)),
      expect.stringMatching(/^Mon, Nov 2, 2026, 11:30\sPM .+ · Ada: Not marked yet$/),
      expect.stringMatching(/^Tue, Nov 3, 2026, 4:00\sPM .+ · Bea: Not marked yet$/),
      expect.stringMatching(/^Tue, Nov 3, 2026, 11:30\sPM .+ · Ada: Not marked yet$/),
      expect.stringMatching(/^Wed, Nov 4, 2026, 11:30\sPM .+ · Ada: Not marked yet$/),
      expect.stringMatching(/^Thu, Nov 5, 2026, 11:30\sPM .+ · Ada: Not marked yet$/),
      expect.stringMatching(/^Fri, Nov 6, 2026, 11:30\sPM .+ · Ada: Not marked yet$/),
      expect.stringMatching(/^Sat, Nov 7, 2026, 11:30\sPM .+ · Ada: Not marked yet$/),
    ]);
    // Neither Saturday Oct 31 23:30 PDT (06:30 UTC on Nov 1) nor Sunday Nov 8 are in it.
    expect(message.text).not.toContain("Oct 31");
    expect(message.text).not.toContain("Nov 8, 2026");
    expect(message.text).toContain("Teacher's remark: “Helped a friend”");
    expect(message.text).toContain("What was covered: “Loops and a first maze”");
    expect(message.text).toContain("Homework: https://code.org/maze");
    expect(message.text).toContain("For Ada: “Ada finished the bonus level”");
    expect(message.text).not.toContain("Noah");
    expect(message.text).toMatch(/New progress report · .+ · Ada\. Next step: “Practise nested loops”/);
    expect(message.text).not.toContain("Read the old report");
    expect(message.html).toContain("For Ada: “Ada finished the bonus level”");
    // Non-essential: the one-click unsubscribe header, and the preferences page where the digest alone is turned off.
    expect(message.headerLines.some((line) => line.key === "list-unsubscribe-post")).toBe(true);
    expect(message.text).toMatch(/To turn it off .*: http:\/\/localhost:3000\/unsubscribe\/[A-Za-z0-9_-]{40,}/);
    // The family whose child starts after that week: nothing to tell, no email.
    expect(await received(world.later.email)).toHaveLength(0);
    expect(
      await db()
        .select()
        .from(outbox)
        .where(like(outbox.dedupeKey, `email:weekly_digest:${world.later.parentId}:%`)),
    ).toEqual([]);
  });

  it("is not sent to a family that turned it off, even one queued before it was turned off", async () => {
    await mail.clear();
    const nextDue = new Date(LA_DUE.getTime() + 7 * 86_400_000);
    const queued = async () =>
      (
        await db()
          .select()
          .from(outbox)
          .where(eq(outbox.dedupeKey, `email:weekly_digest:${world.la.parentId}:2026-11-08`))
      ).length;
    const token = await unsubscribeTokenFor(db(), world.la.email);
    expect(await setWeeklyDigestByToken(db(), token, false)).toBe(true);
    await queueWeeklyDigests(db(), nextDue);
    expect(await queued()).toBe(0);

    // Turned back on, queued, then off before the delivery: rendered at delivery, it is not sent.
    await setWeeklyDigestByToken(db(), token, true);
    await queueWeeklyDigests(db(), nextDue);
    expect(await queued()).toBe(1);
    await setWeeklyDigestByToken(db(), token, false);
    await deliver(nextDue);
    expect(await received(world.la.email)).toHaveLength(0);
    expect(await setWeeklyDigestByToken(db(), "not-a-token-of-ours-000000", true)).toBe(false);
  });
});
