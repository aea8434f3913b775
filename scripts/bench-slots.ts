// `npm run bench:slots`: the server time to compute one course's open demo slots for 20 teachers
// over 8 weeks (the goal: under 50 ms). Seeds a throwaway in-memory PGlite (never the app's
// database): 20 approved teachers in six zones with weekday hours, a day off and extra hours each,
// two open sections each and a few live demos; then times openDemoSlots (database reads plus the
// computation) and the computation alone. Median and worst of 20 runs, after 3 warm-ups.
import os from "node:os";
import { performance } from "node:perf_hooks";

const RUNS = 20;
const TEACHERS = 20;
const ZONES = ["America/Los_Angeles", "America/New_York", "Europe/London", "Europe/Berlin", "Asia/Kolkata", "Australia/Sydney"];

function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, max: sorted[sorted.length - 1]! };
}

async function main() {
  const { openDatabase, setDatabaseForTests } = await import("../lib/platform/db/client");
  const schema = await import("../lib/platform/db/schema");
  const { openDemoSlots, courseTeacherIds, loadTeacherSchedules } = await import("../lib/scheduling/slots");
  const { computeOpenSlots } = await import("../lib/scheduling/slot-grid");
  const { clearSessionCache, sessionCacheStats } = await import("../lib/scheduling/session-cache");
  const { weeklyRule } = await import("../lib/scheduling/sessions");

  const opened = await openDatabase({ pgliteDir: "memory://" });
  setDatabaseForTests(opened);
  const { db } = opened;
  const [course] = await db
    .insert(schema.courses)
    .values({ slug: "bench-slots", title: "Bench", category: "academic", description: "Bench.", gradeMin: 1, gradeMax: 12 })
    .returning({ id: schema.courses.id });
  const courseId = course!.id;
  const now = new Date("2026-03-01T00:00:00Z");
  for (let i = 0; i < TEACHERS; i++) {
    const timezone = ZONES[i % ZONES.length]!;
    const [user] = await db
      .insert(schema.users)
      .values({ firebaseUid: `bench-teacher-${i}`, email: `bench-${i}@example.com`, role: "teacher", timezone })
      .returning({ id: schema.users.id });
    const teacherId = user!.id;
    await db.insert(schema.teacherProfiles).values({ userId: teacherId, publicName: `Teacher ${i}`, timezone, approvedAt: now });
    await db.insert(schema.teacherAvailability).values(
      [1, 2, 3, 4, 5].flatMap((weekday) => [
        { teacherId, weekday, startMinute: 9 * 60, endMinute: 12 * 60 },
        { teacherId, weekday, startMinute: 14 * 60, endMinute: 19 * 60 },
      ]),
    );
    await db.insert(schema.teacherAvailabilityExceptions).values([
      { teacherId, date: "2026-03-10", kind: "off" as const },
      { teacherId, date: "2026-03-14", kind: "extra" as const, startMinute: 10 * 60, endMinute: 13 * 60 },
    ]);
    for (const [weekdays, startMinute] of [
      [[2, 4], 15 * 60],
      [[1], 17 * 60],
    ] as const) {
      await db.insert(schema.sections).values({
        courseId,
        teacherId,
        classType: "group",
        capacity: 6,
        priceMinor: 9900,
        currency: "USD",
        startsOn: "2026-03-01",
        endsOn: "2026-06-30",
        startMinute,
        timezone,
        rrule: weeklyRule([...weekdays]),
        durationMinutes: 60,
        status: "open",
      });
    }
  }

  const from = now;
  const to = new Date(now.getTime() + 8 * 7 * 86_400_000);
  const options = { from, to, now, slotMinutes: 30, leadTimeHours: 12 };
  // A few live demos: the first slot of every teacher on a few days.
  const firstSlots = await openDemoSlots({ courseId, ...options });
  const taken = firstSlots.filter((_, index) => index % 40 === 0);
  for (const [index, slot] of taken.entries()) {
    const [request] = await db
      .insert(schema.demoRequests)
      .values({ userEmail: `b${index}@example.com`, course: "bench" })
      .returning({ id: schema.demoRequests.id });
    await db.insert(schema.bookings).values({
      kind: "demo",
      teacherId: slot.teacherId,
      demoRequestId: request!.id,
      courseId,
      startsAt: new Date(slot.startsAt),
      endsAt: new Date(slot.endsAt),
      status: "confirmed",
      token: `bench-token-${index}-aaaaaaaaaaaa`,
    });
  }

  const teachers = await courseTeacherIds(db, courseId);
  const schedules = await loadTeacherSchedules(db, teachers, from, to);
  // Wall time, and this process's CPU time (user + system): on a busy machine the second shows the
  // work itself, the first also the waiting for a core.
  const time = async (work: () => unknown) => {
    const cpu = process.cpuUsage();
    const start = performance.now();
    await work();
    const used = process.cpuUsage(cpu);
    return { wall: performance.now() - start, cpu: (used.user + used.system) / 1000 };
  };
  let slotCount = 0;
  for (let i = 0; i < 3; i++) slotCount = (await openDemoSlots({ courseId, ...options })).length;
  const whole: Array<{ wall: number; cpu: number }> = [];
  const cold: Array<{ wall: number; cpu: number }> = [];
  const compute: Array<{ wall: number; cpu: number }> = [];
  const expansionsBefore = sessionCacheStats().expansions;
  for (let i = 0; i < RUNS; i++) {
    whole.push(await time(() => openDemoSlots({ courseId, ...options })));
    compute.push(await time(() => computeOpenSlots(schedules, options)));
  }
  const warmExpansions = sessionCacheStats().expansions - expansionsBefore;
  // The first request after a start (or after every section changed): each section's RRULE expanded.
  for (let i = 0; i < RUNS; i++) {
    clearSessionCache();
    cold.push(await time(() => openDemoSlots({ courseId, ...options })));
  }
  const coldExpansions = sessionCacheStats().expansions;
  const line = (label: string, runs: Array<{ wall: number; cpu: number }>) => {
    const wall = stats(runs.map((r) => r.wall));
    const cpu = stats(runs.map((r) => r.cpu));
    console.log(
      `${label.padEnd(38)} wall median ${wall.median.toFixed(1)} ms (max ${wall.max.toFixed(1)}), CPU median ${cpu.median.toFixed(1)} ms (max ${cpu.max.toFixed(1)})`,
    );
    return wall.median;
  };
  console.log(
    `Open demo slots of one course: ${teachers.length} teachers in ${ZONES.length} zones, 8 weeks, ${slotCount} slots (${taken.length} taken, 40 sections); ${RUNS} runs, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
  );
  // A yardstick for this machine: the same loop takes about 100 ms of CPU on a quiet modern core.
  const yardstick = process.cpuUsage();
  let sum = 0;
  for (let i = 0; i < 1e8; i++) sum += i;
  const yardstickMs = ((u) => (u.user + u.system) / 1000)(process.cpuUsage(yardstick));
  console.log(
    `yardstick: 1e8 additions took ${yardstickMs.toFixed(0)} ms of CPU here (about 100 ms on a quiet modern core)${sum < 0 ? "" : ""}`,
  );
  const median = line("openDemoSlots (reads + computation)", whole);
  line("  the same, session cache emptied first", cold);
  line("computation alone", compute);
  console.log(
    `work: 2 queries per call (the course's teachers, then their schedules); section chunks expanded: ${warmExpansions} in ${RUNS} warm calls, ${coldExpansions} per cold call`,
  );
  console.log(`goal: under 50 ms -> ${median < 50 ? "met" : "NOT met"} (wall median)`);
  setDatabaseForTests(undefined);
  await opened.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
