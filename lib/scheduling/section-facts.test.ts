import { sectionFacts, sectionFactsLine } from "./section-facts";

const section = {
  startsOn: "2030-03-04",
  endsOn: "2030-03-31",
  startMinute: 16 * 60,
  timezone: "America/New_York",
  rrule: "FREQ=WEEKLY;BYDAY=TU,TH",
  durationMinutes: 60,
  priceMinor: 12_000,
};

describe("what a section's price buys (issue 31)", () => {
  it("counts the sessions between its first and last day, those still to come, and the price of each", () => {
    // Tuesdays and Thursdays of March 2030 from the 4th: 5, 7, 12, 14, 19, 21, 26, 28.
    const before = sectionFacts(section, new Date("2030-03-01T00:00:00Z"));
    expect(before).toEqual({
      firstDay: "2030-03-04",
      lastDay: "2030-03-31",
      sessionCount: 8,
      sessionsLeft: 8,
      pricePerSessionMinor: 1_500,
      seatPriceMinor: 12_000,
    });
    expect(sectionFactsLine(before, "USD")).toBe("Mar 4, 2030 to Mar 31, 2030 · 8 sessions · $15.00 a session");
    // After the second week's Thursday (16:00 in New York, 20:00 UTC across the clock change on the 10th).
    const started = sectionFacts(section, new Date("2030-03-14T21:00:00Z"));
    expect(started.sessionsLeft).toBe(4);
    // Issue 39: a seat bought now pays the shown $15.00 for each of the 4 left.
    expect(started.seatPriceMinor).toBe(6_000);
    expect(sectionFactsLine(started, "USD")).toBe("Mar 4, 2030 to Mar 31, 2030 · 8 sessions · 4 still to come · $15.00 a session");
  });

  it("says a section without a last day runs on, with no count", () => {
    const ongoing = sectionFacts({ ...section, endsOn: null }, new Date("2030-03-01T00:00:00Z"));
    expect(ongoing.sessionCount).toBeNull();
    expect(sectionFactsLine(ongoing, "USD")).toBe("From Mar 4, 2030, every week, with no end date");
  });
});
