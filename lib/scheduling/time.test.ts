import fc from "fast-check";
import { DateTime, IANAZone } from "luxon";

import { computeOpenSlots } from "./slot-grid";
import {
  canonicalTimeZone,
  clockToMinute,
  formatInstantInZone,
  isValidTimeZone,
  minuteToClock,
  selectableTimeZones,
  searchZoneOptions,
  wallClock,
  wallTimeToInstant,
  zoneOptions,
} from "./time";
import { SEARCH_ZONES } from "./zone-name";

const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());

describe("wall times and instants (Luxon)", () => {
  it("skips a wall time that does not exist and takes the earlier of one that happens twice", () => {
    // Los Angeles: 2026-03-08 02:00 jumps to 03:00; 2026-11-01 01:00-02:00 happens twice.
    expect(wallTimeToInstant("2026-03-08", 2 * 60 + 30, "America/Los_Angeles")).toBeNull();
    expect(wallTimeToInstant("2026-03-08", 2 * 60 + 30, "America/Los_Angeles", { lenient: true })?.toISO()).toBe(
      "2026-03-08T10:30:00.000Z",
    );
    expect(wallTimeToInstant("2026-11-01", 90, "America/Los_Angeles")?.toISO()).toBe("2026-11-01T08:30:00.000Z");
    expect(wallTimeToInstant("2026-03-09", 1440, "Asia/Kolkata")?.toISO()).toBe("2026-03-09T18:30:00.000Z");
  });

  it("wallClock agrees with wallTimeToInstant on every date and minute, clock changes included (property)", () => {
    const zones = ["America/Los_Angeles", "Europe/London", "Asia/Kolkata", "Australia/Lord_Howe", "America/Sao_Paulo"];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 730 }),
        fc.integer({ min: 0, max: 1440 }),
        (zone, dayIndex, minute) => {
          const date = DateTime.fromISO("2025-01-01", { zone: "utc" }).plus({ days: dayIndex }).toISODate()!;
          const clock = wallClock(zone);
          expect(iso(clock(date, minute))).toBe(wallTimeToInstant(date, minute, zone)?.toISO() ?? null);
          expect(iso(clock(date, minute, { lenient: true }))).toBe(
            wallTimeToInstant(date, minute, zone, { lenient: true })?.toISO() ?? null,
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("shows an instant in the viewer's zone, the zone as people say it (issue 31 item 3)", () => {
    expect(formatInstantInZone("2026-03-10T16:00:00Z", "America/Los_Angeles")).toBe(
      "Tue, Mar 10, 2026, 9:00 AM Pacific Time (Los Angeles)",
    );
    expect(formatInstantInZone("2026-03-10T16:00:00Z", "Asia/Kolkata")).toBe("Tue, Mar 10, 2026, 9:30 PM India Standard Time (Kolkata)");
  });

  it("names UTC once, by any of its names", () => {
    expect(formatInstantInZone("2026-03-10T03:46:00Z", "UTC")).toBe("Tue, Mar 10, 2026, 3:46 AM UTC");
    expect(formatInstantInZone(new Date("2026-03-10T03:46:00Z"), "UTC")).toBe("Tue, Mar 10, 2026, 3:46 AM UTC");
    expect(formatInstantInZone("2026-03-10T03:46:00Z", "Etc/UTC")).toBe("Tue, Mar 10, 2026, 3:46 AM UTC");
  });

  it("reads and writes clock times", () => {
    expect(clockToMinute("09:30")).toBe(570);
    expect(clockToMinute("24:00")).toBe(1440);
    expect(clockToMinute("24:30")).toBeNull();
    expect(clockToMinute("9:30")).toBeNull();
    expect(minuteToClock(570)).toBe("09:30");
  });
});

describe("the slot grid on clock-change days", () => {
  const schedule = (weekly: Array<[number, number, number]>) => [
    {
      teacherId: 1,
      timezone: "America/Los_Angeles",
      weekly: weekly.map(([weekday, startMinute, endMinute]) => ({ weekday, startMinute, endMinute })),
      exceptions: [],
      busy: [],
    },
  ];
  const options = { now: new Date("2026-01-01T00:00:00Z"), slotMinutes: 30, leadTimeHours: 12 };
  const wall = (slots: Array<{ startsAt: string }>) =>
    slots.map((s) => DateTime.fromISO(s.startsAt, { zone: "America/Los_Angeles" }).toFormat("HH:mm ZZZZ"));

  it("offers no slot in the skipped hour, and real 30-minute slots on both sides", () => {
    // Sunday 2026-03-08, hours 00:00-04:00: only three real hours that night.
    const slots = computeOpenSlots(schedule([[7, 0, 240]]), {
      ...options,
      from: new Date("2026-03-08T00:00:00Z"),
      to: new Date("2026-03-09T00:00:00Z"),
    });
    expect(wall(slots)).toEqual(["00:00 PST", "00:30 PST", "01:00 PST", "01:30 PST", "03:00 PDT", "03:30 PDT"]);
  });

  it("offers the repeated hour twice when clocks go back, each its own instant", () => {
    const slots = computeOpenSlots(schedule([[7, 0, 180]]), {
      ...options,
      from: new Date("2026-11-01T00:00:00Z"),
      to: new Date("2026-11-02T00:00:00Z"),
    });
    expect(wall(slots)).toEqual(["00:00 PDT", "00:30 PDT", "01:00 PDT", "01:30 PDT", "01:00 PST", "01:30 PST", "02:00 PST", "02:30 PST"]);
    expect(new Set(slots.map((s) => s.startsAt)).size).toBe(slots.length);
  });
});

describe("the profile's time zone names", () => {
  it("lists canonical IANA names, not the runtime's old ones, with UTC", () => {
    const zones = selectableTimeZones();
    for (const [old, current] of [
      ["Asia/Calcutta", "Asia/Kolkata"],
      ["Europe/Kiev", "Europe/Kyiv"],
      ["Asia/Saigon", "Asia/Ho_Chi_Minh"],
      ["America/Buenos_Aires", "America/Argentina/Buenos_Aires"],
    ] as const) {
      expect(zones).toContain(current);
      expect(zones).not.toContain(old);
    }
    expect(zones).toContain("UTC");
    expect(zones).toEqual([...zones].sort());
    expect(new Set(zones).size).toBe(zones.length);
    expect(zones.every(isValidTimeZone)).toBe(true);
  });

  it("keeps the account's zone in the list, by its IANA name, even one the runtime leaves out", () => {
    expect(canonicalTimeZone("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(canonicalTimeZone("Europe/London")).toBe("Europe/London");
    expect(selectableTimeZones("Asia/Calcutta")).toContain("Asia/Kolkata");
    expect(selectableTimeZones("Asia/Calcutta")).not.toContain("Asia/Calcutta");
    expect(selectableTimeZones("US/Pacific")).toContain("US/Pacific");
    expect(selectableTimeZones("Nope/Nowhere")).not.toContain("Nope/Nowhere");
  });

  it("checks a zone name with Luxon once, then remembers it; an invalid name is never remembered", () => {
    // An old name: no other case here has checked it.
    const checks = jest.spyOn(IANAZone, "isValidZone");
    for (let i = 0; i < 5; i++) expect(isValidTimeZone("US/Hawaii")).toBe(true);
    expect(checks).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 3; i++) expect(isValidTimeZone("Nope/Nowhere")).toBe(false);
    expect(checks).toHaveBeenCalledTimes(4);
    checks.mockRestore();
  });

  it("takes old and new names alike as valid input, and the same clock", () => {
    expect(isValidTimeZone("Asia/Calcutta")).toBe(true);
    expect(isValidTimeZone("Asia/Kolkata")).toBe(true);
    const instant = "2026-06-01T12:00:00.000Z";
    // The same words too: the old name reads by the place's current name.
    expect(formatInstantInZone(instant, "Asia/Calcutta")).toBe(formatInstantInZone(instant, "Asia/Kolkata"));
  });
});

describe("the class finder's zones (searchZoneOptions, issue 29)", () => {
  it("offers the common zones, not the whole IANA list, each once and worded as people say them", () => {
    const options = searchZoneOptions();
    expect(options.length).toBe(SEARCH_ZONES.length);
    expect(options.length).toBeLessThan(zoneOptions().length / 5);
    expect(new Set(options.map((option) => option.value)).size).toBe(options.length);
    expect(options).toContainEqual({ value: "America/New_York", label: "Eastern Time (New York)" });
    expect(options).toContainEqual({ value: "Asia/Kolkata", label: "India Standard Time (Kolkata)" });
    // Every listed zone is one Luxon and Intl know.
    for (const zone of SEARCH_ZONES) expect(isValidTimeZone(zone)).toBe(true);
  });

  it("always holds the viewer's zone, by its current name, and ignores an invalid one", () => {
    expect(searchZoneOptions("America/Bogota").map((option) => option.value)).toContain("America/Bogota");
    expect(
      searchZoneOptions("Asia/Calcutta").filter((option) => option.value.includes("Kolkata") || option.value.includes("Calcutta")),
    ).toEqual([{ value: "Asia/Kolkata", label: "India Standard Time (Kolkata)" }]);
    expect(searchZoneOptions("Mars/Olympus")).toHaveLength(SEARCH_ZONES.length);
  });
});
