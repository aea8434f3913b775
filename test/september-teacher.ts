import { placeOrder } from "@/lib/commerce/checkout/checkout";
import type { Database } from "@/lib/platform/db/client";
import type { Actor } from "@/lib/platform/auth/permissions";
import { sections } from "@/lib/platform/db/schema";
import { newFamily } from "@/test/commerce-fixtures";
import { EVERY_DAY, newCourse, newTeacher } from "@/test/scheduling-fixtures";

/**
 * A teacher (America/Chicago) with `seats` $90.00 seats, each a family's, in a weekly Tuesday class of
 * September 2026 (over by now), bought on 25 August: a month to pay the teacher for. The payout tests'
 * common start.
 */
export async function teacherWithSeptember(db: Database, seats: number): Promise<{ teacher: Actor; teacherId: number }> {
  const teacherId = await newTeacher(db, "America/Chicago", EVERY_DAY(8 * 60, 22 * 60));
  const courseId = await newCourse(db, teacherId);
  const [section] = await db
    .insert(sections)
    .values({
      courseId,
      teacherId,
      classType: "group",
      capacity: 6,
      priceMinor: 9_000,
      currency: "USD",
      startsOn: "2026-09-01",
      endsOn: "2026-09-30",
      startMinute: 16 * 60,
      timezone: "America/Chicago",
      rrule: "FREQ=WEEKLY;BYDAY=TU",
      durationMinutes: 45,
      status: "open",
    })
    .returning();
  for (let i = 0; i < seats; i += 1) {
    const family = await newFamily(db, 9_000);
    await placeOrder(family.parentId, [{ sectionId: section!.id, learnerId: family.learnerId }], { now: new Date("2026-08-25T12:00:00Z") });
  }
  return { teacher: { id: teacherId, email: `t${teacherId}@example.com`, role: "teacher" }, teacherId };
}
