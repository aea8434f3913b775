import { eq } from "drizzle-orm";
import { areTagsExpired, tagsManifest } from "next/dist/server/lib/incremental-cache/tags-manifest.external.js";

import { outbox, teacherProfiles } from "@/lib/platform/db/schema";
import { emit, eventTopic } from "@/lib/platform/events/events";
import { teacherSuspended } from "@/lib/safety/events";
import { SEAT_PAGES_TAG } from "@/lib/scheduling/seat-pages";
import { announceLapsedClearances } from "@/lib/teachers/vetting/expiry";
import { openTestDatabase } from "@/test/database";
import { deliverEvents, runMinuteJobs } from "@/test/events";
import { insertActor } from "@/test/fixtures";

/**
 * Issue 38: a teacher whose check runs out (or who is suspended) leaves the cached public pages at
 * once: the minute's timed job (announce-lapsed-clearances) announces the lapse (teacher.clearance-lapsed, once per lapse), and its
 * reaction expires SEAT_PAGES_TAG, the tag a section change expires (course pages, teacher page,
 * class finder), through Next's cache handler, not at the pages' 5-minute revalidation.
 */

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());
const db = () => database.db;

const DAY = 86_400_000;
/** A page rendered a minute ago, carrying the sections' tag as the course and teacher pages do. */
const renderedAgo = () => Date.now() - 60_000;
const lapseEvents = async () =>
  (
    await db()
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(eq(outbox.topic, eventTopic("teacher.clearance-lapsed")))
  ).map((r) => r.payload as { teacherId: number; clearedUntil: string });

async function approvedTeacher(clearedUntil: Date | null, approved = true) {
  const teacher = await insertActor(db(), "teacher");
  await db()
    .insert(teacherProfiles)
    .values({
      userId: teacher.id,
      publicName: `Teacher ${teacher.id}`,
      timezone: "America/Chicago",
      approvedAt: approved ? new Date("2029-01-01T00:00:00Z") : null,
      listingReviewPending: false,
      clearedUntil,
    });
  return teacher;
}

beforeEach(() => tagsManifest.clear());

describe("a teacher's clearance running out expires the cached pages that show sections", () => {
  it("announces each lapse once, when it has passed; its reaction expires the sections' tag", async () => {
    const expiry = new Date("2030-06-01T12:00:00Z");
    const teacher = await approvedTeacher(expiry);
    const unapproved = await approvedTeacher(new Date("2030-05-01T00:00:00Z"), false);
    const uncleared = await approvedTeacher(null);

    // Before the expiry: nothing announced, the pages stay cached.
    expect(await announceLapsedClearances(db(), new Date(expiry.getTime() - 60_000))).toBe(0);
    await deliverEvents(db());
    expect(areTagsExpired([SEAT_PAGES_TAG], renderedAgo())).toBe(false);

    // Past it: one event (however often the scan runs), and delivering it expires the tag.
    const after = new Date(expiry.getTime() + 60_000);
    const report = await runMinuteJobs(db(), after);
    expect(report["announce-lapsed-clearances"]).toBe(1);
    expect(await announceLapsedClearances(db(), after)).toBe(0);
    expect(await announceLapsedClearances(db(), new Date(after.getTime() + DAY))).toBe(0);
    const events = await lapseEvents();
    expect(events).toEqual([{ teacherId: teacher.id, clearedUntil: expiry.toISOString() }]);
    expect(events.map((e) => e.teacherId)).not.toContain(unapproved.id);
    expect(events.map((e) => e.teacherId)).not.toContain(uncleared.id);
    expect(areTagsExpired([SEAT_PAGES_TAG], renderedAgo())).toBe(false);
    await deliverEvents(db());
    expect(areTagsExpired([SEAT_PAGES_TAG], renderedAgo())).toBe(true);

    // A renewal's next lapse is announced again.
    tagsManifest.clear();
    const renewed = new Date(expiry.getTime() + 365 * DAY);
    await db().update(teacherProfiles).set({ clearedUntil: renewed }).where(eq(teacherProfiles.userId, teacher.id));
    expect(await announceLapsedClearances(db(), new Date(renewed.getTime() - 60_000))).toBe(0);
    expect(await announceLapsedClearances(db(), new Date(renewed.getTime() + 60_000))).toBe(1);
    await deliverEvents(db());
    expect(areTagsExpired([SEAT_PAGES_TAG], renderedAgo())).toBe(true);
    expect((await lapseEvents()).map((e) => e.clearedUntil)).toEqual([expiry.toISOString(), renewed.toISOString()]);
  });

  it("a teacher suspended: the same reaction expires the sections' tag", async () => {
    const teacher = await approvedTeacher(null);
    await db().transaction(async (tx) =>
      emit(tx, teacherSuspended, { teacherId: teacher.id, concernId: 1, bookingIds: [], refundIds: [] }),
    );
    expect(areTagsExpired([SEAT_PAGES_TAG], renderedAgo())).toBe(false);
    await deliverEvents(db());
    expect(areTagsExpired([SEAT_PAGES_TAG], renderedAgo())).toBe(true);
  });
});
