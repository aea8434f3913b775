import { nextSessionBetween, sectionSessions, weeklyRule } from "./sessions";

describe("a section's sessions (rrule in the section's wall clock)", () => {
  const section = {
    startsOn: "2026-03-16",
    endsOn: "2026-04-10",
    startMinute: 16 * 60,
    timezone: "Europe/London",
    rrule: weeklyRule([4, 2]),
    durationMinutes: 60,
  };

  it("stays at 16:00 London time across the clock change, so its UTC instant moves", () => {
    const sessions = sectionSessions(section, new Date("2026-03-20T00:00:00Z"), new Date("2026-04-06T00:00:00Z"));
    expect(sessions).toEqual([
      { startsAt: "2026-03-24T16:00:00.000Z", endsAt: "2026-03-24T17:00:00.000Z" },
      { startsAt: "2026-03-26T16:00:00.000Z", endsAt: "2026-03-26T17:00:00.000Z" },
      { startsAt: "2026-03-31T15:00:00.000Z", endsAt: "2026-03-31T16:00:00.000Z" },
      { startsAt: "2026-04-02T15:00:00.000Z", endsAt: "2026-04-02T16:00:00.000Z" },
    ]);
  });

  it("starts on its first day and ends on its last", () => {
    const all = sectionSessions(section, new Date("2026-01-01T00:00:00Z"), new Date("2026-12-31T00:00:00Z"));
    expect(all[0]?.startsAt).toBe("2026-03-17T16:00:00.000Z");
    expect(all.at(-1)?.startsAt).toBe("2026-04-09T15:00:00.000Z");
    expect(all).toHaveLength(8);
    expect(weeklyRule([4, 2])).toBe("FREQ=WEEKLY;BYDAY=TU,TH");
  });

  it("keeps a late-evening class on its own date in a zone ahead of UTC", () => {
    const kolkata = { ...section, timezone: "Asia/Kolkata", startMinute: 2 * 60, endsOn: null, rrule: weeklyRule([1]) };
    // Monday 02:00 in Kolkata is Sunday 20:30 UTC.
    expect(sectionSessions(kolkata, new Date("2026-03-20T00:00:00Z"), new Date("2026-03-30T00:00:00Z"))[0]?.startsAt).toBe(
      "2026-03-22T20:30:00.000Z",
    );
  });

  it("finds the next session as the year's list would, whether it is days or months away, or none", () => {
    const year = (from: string) => [new Date(from), new Date(Date.parse(from) + 366 * 86_400_000)] as const;
    // Inside the first week looked at.
    expect(nextSessionBetween(section, ...year("2026-03-25T00:00:00Z"))).toEqual(
      sectionSessions(section, ...year("2026-03-25T00:00:00Z"))[0],
    );
    expect(nextSessionBetween(section, ...year("2026-03-25T00:00:00Z"))?.startsAt).toBe("2026-03-26T16:00:00.000Z");
    // Months before the section starts: past the first week, still found.
    expect(nextSessionBetween(section, ...year("2026-01-01T00:00:00Z"))?.startsAt).toBe("2026-03-17T16:00:00.000Z");
    // After its last day, and a window that ends before its first session: none.
    expect(nextSessionBetween(section, ...year("2026-04-10T00:00:00Z"))).toBeNull();
    expect(nextSessionBetween(section, new Date("2026-03-01T00:00:00Z"), new Date("2026-03-17T00:00:00Z"))).toBeNull();
  });

  it("gives a class that began years ago the same sessions in a window as one that began just before it", () => {
    const old = { ...section, startsOn: "2019-03-12", endsOn: null };
    const recent = { ...section, startsOn: "2026-03-10", endsOn: null };
    const window = [new Date("2026-03-20T00:00:00Z"), new Date("2026-04-06T00:00:00Z")] as const;
    expect(sectionSessions(old, ...window)).toEqual(sectionSessions(recent, ...window));
    expect(sectionSessions(old, ...window).map((s) => s.startsAt)).toEqual([
      "2026-03-24T16:00:00.000Z",
      "2026-03-26T16:00:00.000Z",
      "2026-03-31T15:00:00.000Z",
      "2026-04-02T15:00:00.000Z",
    ]);
    // Every other week (interval 2) keeps its own weeks: counted from its first day, not skipped.
    const fortnightly = { ...old, rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU" };
    expect(sectionSessions(fortnightly, ...window).map((s) => s.startsAt)).toEqual(
      sectionSessions(fortnightly, new Date("2019-01-01T00:00:00Z"), window[1])
        .filter((s) => s.startsAt >= "2026-03-20")
        .map((s) => s.startsAt),
    );
  });
});
