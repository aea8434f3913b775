import ICAL from "ical.js";
import { DateTime } from "luxon";

import { vtimezone } from "@/lib/notifications/calendar";

/** The UTC offset (minutes) `block`'s rules give at a local wall-clock time, read as a calendar would. */
function offsetAt(block: string, local: string): number {
  const zone = new ICAL.Timezone(new ICAL.Component(ICAL.parse(block)));
  return zone.utcOffset(ICAL.Time.fromDateTimeString(local)) / 60;
}

describe("vtimezone", () => {
  it("changes offset at the local times the zone changes, as a calendar reads it", () => {
    const { block, tzid } = vtimezone("America/New_York");
    expect(tzid).toBe("America/New_York");
    expect(block.split("\r\n")[0]).toBe("BEGIN:VTIMEZONE");
    expect(offsetAt(block, "2026-03-08T01:59:00")).toBe(-300);
    expect(offsetAt(block, "2026-03-08T03:00:00")).toBe(-240);
    expect(offsetAt(block, "2026-10-31T12:00:00")).toBe(-240);
    expect(offsetAt(block, "2026-11-01T02:00:00")).toBe(-300);
  });

  it("writes an old name under its canonical zone and refuses a zone it does not know", () => {
    expect(vtimezone("US/Eastern").tzid).toBe("America/New_York");
    expect(() => vtimezone("Nowhere/Atlantis")).toThrow("no VTIMEZONE for the zone Nowhere/Atlantis");
  });

  // Each confirmed seat's invite is built inside the checkout's transaction (issue 18): the block is
  // read from the library's data, not worked out day by day from Luxon's offsets.
  it("answers without walking the zone's days", () => {
    const fromMillis = jest.spyOn(DateTime, "fromMillis");
    try {
      expect(vtimezone("Europe/Berlin").block).toContain("TZID:Europe/Berlin");
      expect(fromMillis).not.toHaveBeenCalled();
    } finally {
      fromMillis.mockRestore();
    }
  });
});
