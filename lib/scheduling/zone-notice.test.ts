import { isSameClock, keptPair, TEACHER_SWITCH_DETAIL, zoneNotice } from "./zone-notice";

describe("the notice when the computer's zone is not the account's (issue 31 item 3)", () => {
  const now = new Date("2026-03-10T12:00:00Z");

  it("names both clocks as people say them, with short names on the buttons", () => {
    expect(zoneNotice("America/Los_Angeles", "America/New_York", null, now)).toEqual({
      browserZone: "America/Los_Angeles",
      text: "Your computer is set to Pacific Time (Los Angeles) but your account uses Eastern Time (New York).",
      useName: "Pacific Time",
      keepName: "Eastern Time",
      detail: null,
    });
  });

  it("tells a teacher in Kolkata whose account is on Chicago time, and what switching does to their hours", () => {
    expect(zoneNotice("Asia/Kolkata", "America/Chicago", null, now, { isTeacher: true })).toEqual({
      browserZone: "Asia/Kolkata",
      text: "Your computer is set to India Standard Time (Kolkata) but your account uses Central Time (Chicago).",
      useName: "India Standard Time",
      keepName: "Central Time",
      detail: TEACHER_SWITCH_DETAIL,
    });
  });

  it("says nothing for one clock by two names, for an unknown zone, or once Keep was chosen for the pair", () => {
    expect(isSameClock("America/Indiana/Indianapolis", "America/New_York", now)).toBe(true);
    expect(zoneNotice("America/Indiana/Indianapolis", "America/New_York", null, now)).toBeNull();
    expect(zoneNotice("Asia/Calcutta", "Asia/Kolkata", null, now)).toBeNull();
    expect(zoneNotice(null, "America/New_York", null, now)).toBeNull();
    expect(zoneNotice("Mars/Olympus", "America/New_York", null, now)).toBeNull();
    expect(zoneNotice("America/Los_Angeles", "America/New_York", keptPair("America/Los_Angeles", "America/New_York"), now)).toBeNull();
    // Kept for another pair (a trip to a third zone): asked again.
    expect(zoneNotice("Europe/Berlin", "America/New_York", keptPair("America/Los_Angeles", "America/New_York"), now)).not.toBeNull();
  });

  it("tells apart zones on one clock today but not all year (Phoenix and Denver)", () => {
    expect(isSameClock("America/Phoenix", "America/Denver", new Date("2026-01-10T12:00:00Z"))).toBe(false);
  });

  it("words Phoenix and Denver apart on the buttons", () => {
    expect(zoneNotice("America/Phoenix", "America/Denver", null, now)).toMatchObject({
      useName: "Mountain Standard Time",
      keepName: "Mountain Time",
    });
  });
});
