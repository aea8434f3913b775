import { expireTags } from "@/cache-handler.mjs";
import { SEAT_PAGES_TAG } from "@/lib/scheduling/seat-pages";
import { ensureDemoAccounts } from "@/lib/wiring/seed/demo-accounts";
import { seedDemoTeacherSchedule } from "@/lib/wiring/seed/demo-teacher";
import { seedClassLife } from "@/lib/wiring/seed/class-life";
import { seedEndedClass } from "@/lib/wiring/seed/ended-class";
import { seedLiveClass } from "@/lib/wiring/seed/live-class";
import { seedMessages } from "@/lib/wiring/seed/messages";
import { seedPastTeaching } from "@/lib/wiring/seed/past-teaching";
import { seedSchedules } from "@/lib/wiring/seed/schedules";
import { seedTeacherApplication } from "@/lib/wiring/seed/teacher-application";

import { seedDemoData, startServer } from "./start";

jest.mock("@/lib/wiring/seed/demo-accounts", () => ({ ensureDemoAccounts: jest.fn(async () => undefined) }));
jest.mock("@/lib/wiring/seed/schedules", () => ({ seedSchedules: jest.fn(async () => undefined) }));
jest.mock("@/lib/wiring/seed/demo-teacher", () => ({ seedDemoTeacherSchedule: jest.fn(async () => undefined) }));
jest.mock("@/lib/wiring/seed/live-class", () => ({ seedLiveClass: jest.fn(async () => undefined) }));
// The class life, earnings and messages seeds build on the running class: none of them runs here.
jest.mock("@/lib/wiring/seed/past-teaching", () => ({ seedPastTeaching: jest.fn(async () => undefined) }));
jest.mock("@/lib/wiring/seed/ended-class", () => ({ seedEndedClass: jest.fn(async () => undefined) }));
jest.mock("@/lib/wiring/seed/messages", () => ({ seedMessages: jest.fn(async () => undefined) }));
jest.mock("@/lib/wiring/seed/class-life", () => ({ seedClassLife: jest.fn(async () => undefined) }));
jest.mock("@/lib/wiring/seed/demo-family", () => ({ seedDemoFamily: jest.fn(async () => undefined) }));
jest.mock("@/lib/wiring/seed/past-demo", () => ({ seedPastDemo: jest.fn(async () => undefined) }));
jest.mock("@/lib/wiring/seed/reviews", () => ({ seedReviews: jest.fn(async () => undefined) }));
jest.mock("@/lib/wiring/seed/teacher-application", () => ({ seedTeacherApplication: jest.fn(async () => undefined) }));
// startServer's other work (the database, the worker and timers) is at the boundary; Next's cache handler too.
jest.mock("@/lib/platform/auth/config", () => ({ identityConfig: { seedDemoAccounts: true }, identityConfigProblems: () => [] }));
jest.mock("@/lib/platform/db/client", () => ({
  getOpenDatabase: jest.fn(async () => ({ kind: "pglite" })),
  getDb: jest.fn(async () => ({})),
}));
jest.mock("@/lib/platform/outbox/worker", () => ({ startOutboxWorker: jest.fn() }));
jest.mock("@/lib/wiring/outbox-routes", () => ({ outboxRoutes: jest.fn(() => ({})) }));
jest.mock("@/lib/platform/events/timed", () => ({ startTimedWork: jest.fn() }));
jest.mock("@/lib/reactions/table", () => ({ REACTIONS: [], TIMED_WORK: [] }));
jest.mock("@/lib/commerce/seats/backfill", () => ({ giveExistingSeatsEntitlements: jest.fn(async () => 0) }));
jest.mock("@/lib/commerce/seats/audit", () => ({ startMoneyAuditTimer: jest.fn() }));
jest.mock("@/cache-handler.mjs", () => ({ expireTags: jest.fn(async () => undefined) }));

describe("the embedded default's demo data at start (seedDemoData)", () => {
  beforeEach(() => {
    jest.clearAllMocks();
    jest.spyOn(console, "log").mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it("seeds the demo accounts and then the demo teachers and sections when the demo accounts are seeded", async () => {
    await seedDemoData(true);
    expect(ensureDemoAccounts).toHaveBeenCalledTimes(1);
    expect(seedSchedules).toHaveBeenCalledTimes(1);
    // After the seeded teachers' sections, so the demo teacher's section goes to a course of its own.
    expect(seedDemoTeacherSchedule).toHaveBeenCalledWith("teacher@example.com");
    expect(jest.mocked(seedDemoTeacherSchedule).mock.invocationCallOrder[0]).toBeGreaterThan(
      jest.mocked(seedSchedules).mock.invocationCallOrder[0] ?? Infinity,
    );
    expect(seedLiveClass).toHaveBeenCalledTimes(1);
    for (const after of [seedEndedClass, seedPastTeaching, seedMessages, seedClassLife]) {
      expect(after).toHaveBeenCalledTimes(1);
      expect(jest.mocked(after).mock.invocationCallOrder[0]).toBeGreaterThan(jest.mocked(seedLiveClass).mock.invocationCallOrder[0]!);
    }
    // Issue 38: a teacher application waiting for the admin.
    expect(seedTeacherApplication).toHaveBeenCalledTimes(1);
  });

  it("seeds nothing otherwise (production, or a server others can reach)", async () => {
    await seedDemoData(false);
    expect(ensureDemoAccounts).not.toHaveBeenCalled();
    expect(seedSchedules).not.toHaveBeenCalled();
    expect(seedDemoTeacherSchedule).not.toHaveBeenCalled();
    expect(seedLiveClass).not.toHaveBeenCalled();
  });

  it("still seeds the schedules when the demo accounts could not be created, and does not throw", async () => {
    jest.mocked(ensureDemoAccounts).mockRejectedValueOnce(new Error("emulator down"));
    const error = jest.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(seedDemoData(true)).resolves.toBeUndefined();
    expect(seedSchedules).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });
});

describe("the server's start (startServer)", () => {
  beforeEach(() => {
    jest.clearAllMocks();
    jest.spyOn(console, "log").mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it("expires the pages the build prerendered once the demo data is seeded: a newcomer's first visit shows the seeded classes", async () => {
    await startServer();
    expect(expireTags).toHaveBeenCalledTimes(1);
    expect(expireTags).toHaveBeenCalledWith([SEAT_PAGES_TAG]);
    // After the last seed.
    expect(jest.mocked(expireTags).mock.invocationCallOrder[0]).toBeGreaterThan(jest.mocked(seedClassLife).mock.invocationCallOrder[0]!);
    expect(jest.mocked(expireTags).mock.invocationCallOrder[0]).toBeGreaterThan(
      jest.mocked(seedTeacherApplication).mock.invocationCallOrder[0]!,
    );
  });

  it("still starts when the cache cannot be told (logged)", async () => {
    jest.mocked(expireTags).mockRejectedValueOnce(new Error("no cache"));
    const error = jest.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(startServer()).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith("[cache] could not expire the prerendered pages:", "no cache");
  });
});
