import { and, eq } from "drizzle-orm";

import { bookings } from "@/lib/platform/db/schema";
import { recordDemoOutcome } from "@/lib/scheduling/demo-outcomes";
import { openTestDatabase } from "@/test/database";
import { pastDemo, teacherActor } from "@/test/demo-outcome-fixtures";
import { refusalMessage } from "@/test/refusal";

import { listRebookSlots, REBOOK_MESSAGES, rebookDemo } from "./demo-booking";
import { LEAD_BOOKING_MESSAGES } from "./lead-follows-booking";

/**
 * Issue 27: a no-show is offered another time. From the missed demo's page (its token the key) the
 * family books a new demo of the same course for the same request or child; once, and only for a
 * demo marked missed.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const HOUR = 3_600_000;
const db = () => database.db;

async function missedDemo(family: "account" | "request") {
  const demo = await pastDemo(db(), { startsAt: new Date(Date.now() - 2 * HOUR), family });
  await recordDemoOutcome(teacherActor(demo.teacherId), { bookingId: demo.id, outcome: "no_show" });
  const days = await listRebookSlots({ bookingToken: demo.token, timezone: "Europe/London" });
  const slot = days.flatMap((day) => day.slots)[0]!;
  return { demo, slot };
}

it.each(["request", "account"] as const)("books a missed demo (%s) again once, as a new booking of the same family", async (family) => {
  const { demo, slot } = await missedDemo(family);
  const again = await rebookDemo({ bookingToken: demo.token, teacherId: slot.teacherId, startsAt: slot.startsAt });
  expect(again).toMatchObject({ status: "confirmed", courseId: demo.courseId, startsAt: slot.startsAt });
  expect(again.token).not.toBe(demo.token);
  if (family === "request") expect(again.demoRequestId).toBe(demo.demoRequestId);
  else expect(again.learnerId).toBe(demo.learnerId);

  const later = (await listRebookSlots({ bookingToken: demo.token, timezone: "UTC" })).flatMap((day) => day.slots)[0]!;
  await expect(
    refusalMessage(rebookDemo({ bookingToken: demo.token, teacherId: later.teacherId, startsAt: later.startsAt })),
  ).resolves.toBe(family === "request" ? LEAD_BOOKING_MESSAGES.alreadyBooked : REBOOK_MESSAGES.alreadyBooked);
  const live = await db()
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.courseId, demo.courseId), eq(bookings.status, "confirmed")));
  expect(live).toHaveLength(1);
});

it("refuses a demo that was not missed", async () => {
  const demo = await pastDemo(db(), { startsAt: new Date(Date.now() + 48 * HOUR), family: "request" });
  await expect(refusalMessage(listRebookSlots({ bookingToken: demo.token, timezone: "UTC" }))).resolves.toBe(REBOOK_MESSAGES.stillBooked);
});
