import { eq } from "drizzle-orm";
import ICAL from "ical.js";

import { bookingUid } from "@/lib/notifications/calendar";
import { bookings, sections, sessionChanges } from "@/lib/platform/db/schema";
import { sectionSessions } from "@/lib/scheduling/sessions";
import { addChild } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";
import { familyWithSeat, seatForParent } from "@/test/message-fixtures";

import { feedCalendar, renewFeed } from "./feeds";

/**
 * The private calendar feeds, read back with ical.js as a calendar would: a family's every class
 * series under the invites' UIDs, a moved session by RECURRENCE-ID at its new time, a cancelled one
 * STATUS:CANCELLED; a child's feed only theirs; a renewed link replaces the old, which answers 404.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});
const db = () => database.db;
const DAY = 86_400_000;
const tokenOf = (url: string) => /\/calendar\/([^/]+)\.ics$/.exec(url)![1]!;

/** A family whose child's seat starts at the section's next session, with the second session moved a day and the third cancelled. */
async function familyWithChangedSessions() {
  const family = await familyWithSeat(db());
  const [section] = await db().select().from(sections).where(eq(sections.id, family.sectionId));
  const [first, second, third] = sectionSessions(section!, new Date(), new Date(Date.now() + 28 * DAY));
  await db()
    .update(bookings)
    .set({ startsAt: new Date(first!.startsAt), endsAt: new Date(first!.endsAt) })
    .where(eq(bookings.id, family.bookingId));
  const movedTo = new Date(Date.parse(second!.startsAt) + DAY);
  await db()
    .insert(sessionChanges)
    .values([
      {
        sectionId: family.sectionId,
        originalStartsAt: new Date(second!.startsAt),
        kind: "moved",
        startsAt: movedTo,
        endsAt: new Date(movedTo.getTime() + 3_600_000),
        sequence: 1,
      },
      { sectionId: family.sectionId, originalStartsAt: new Date(third!.startsAt), kind: "cancelled", sequence: 1 },
    ]);
  return { ...family, second: second!, third: third!, movedTo };
}

function readFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  return {
    method: String(calendar.getFirstPropertyValue("method")),
    events: calendar.getAllSubcomponents("vevent").map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        recurrenceId: event.recurrenceId ? event.recurrenceId.toJSDate().toISOString() : null,
        startsAt: event.startDate.toJSDate().toISOString(),
        status: String(vevent.getFirstPropertyValue("status")),
        rrule: vevent.hasProperty("rrule") ? String(vevent.getFirstPropertyValue("rrule")) : null,
      };
    }),
  };
}

describe("calendar feeds", () => {
  it("answer the family's series under the invite's UID, a moved session by RECURRENCE-ID and a cancelled one as CANCELLED", async () => {
    const family = await familyWithChangedSessions();
    const url = await renewFeed({ scope: "family", userId: family.parent.id });
    const text = await feedCalendar(tokenOf(url));
    expect(text).not.toBeNull();
    const feed = readFeed(text!);
    expect(feed.method).toBe("PUBLISH");
    const series = feed.events.filter((event) => event.uid === bookingUid(family.bookingId));
    expect(series.find((event) => event.recurrenceId === null)).toMatchObject({
      rrule: expect.stringContaining("FREQ=WEEKLY"),
      status: "CONFIRMED",
    });
    expect(series.find((event) => event.recurrenceId === new Date(family.second.startsAt).toISOString())).toMatchObject({
      startsAt: family.movedTo.toISOString(),
      status: "CONFIRMED",
    });
    expect(series.find((event) => event.recurrenceId === new Date(family.third.startsAt).toISOString())).toMatchObject({
      status: "CANCELLED",
    });
  });

  it("give a child's feed only that child's classes, and a teacher's feed their sections", async () => {
    const family = await familyWithChangedSessions();
    const siblingId = await addChild(db(), family.parent.id, "Ben");
    const sibling = await seatForParent(db(), family.parent.id, siblingId);
    const childFeed = readFeed(
      (await feedCalendar(tokenOf(await renewFeed({ scope: "learner", userId: family.parent.id, learnerId: family.learnerId }))))!,
    );
    const uids = new Set(childFeed.events.map((event) => event.uid));
    expect(uids).toEqual(new Set([bookingUid(family.bookingId)]));
    const familyFeed = readFeed((await feedCalendar(tokenOf(await renewFeed({ scope: "family", userId: family.parent.id }))))!);
    expect(new Set(familyFeed.events.map((event) => event.uid))).toEqual(
      new Set([bookingUid(family.bookingId), bookingUid(sibling.bookingId)]),
    );
    const teacherFeed = readFeed((await feedCalendar(tokenOf(await renewFeed({ scope: "teacher", userId: family.teacher.id }))))!);
    expect(teacherFeed.events.filter((event) => event.recurrenceId === null).map((event) => event.uid)).toEqual([
      expect.stringMatching(new RegExp(`^section-${family.sectionId}@`)),
    ]);
    expect(teacherFeed.events.some((event) => event.status === "CANCELLED")).toBe(true);
  });

  it("answer 404 at a replaced link and at one never made; another family's child gets no feed", async () => {
    const family = await familyWithSeat(db());
    const first = tokenOf(await renewFeed({ scope: "family", userId: family.parent.id }));
    const second = tokenOf(await renewFeed({ scope: "family", userId: family.parent.id }));
    const { GET } = await import("@/app/calendar/[token]/route");
    const get = (token: string) =>
      GET(new Request(`http://localhost:3000/calendar/${token}.ics`), { params: Promise.resolve({ token: `${token}.ics` }) });
    expect((await get(first)).status).toBe(404);
    const current = await get(second);
    expect(current.status).toBe(200);
    expect(current.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect((await get("A".repeat(32))).status).toBe(404);
    const other = await familyWithSeat(db());
    await expect(renewFeed({ scope: "learner", userId: family.parent.id, learnerId: other.learnerId })).rejects.toMatchObject({
      code: "not-found",
    });
  });
});
