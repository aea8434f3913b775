import { DateTime } from "luxon";

import { vtimezone } from "@/lib/notifications/calendar";

describe("vtimezone", () => {
  it("has one observance per change of offset, with the local time the change leaves", () => {
    const text = vtimezone("America/New_York", 2026, 2026);
    expect(text.split("\r\n")).toEqual([
      "BEGIN:VTIMEZONE",
      "TZID:America/New_York",
      "BEGIN:STANDARD",
      "DTSTART:19700101T000000",
      "TZOFFSETFROM:-0500",
      "TZOFFSETTO:-0500",
      "END:STANDARD",
      "BEGIN:DAYLIGHT",
      "DTSTART:20260308T020000",
      "TZOFFSETFROM:-0500",
      "TZOFFSETTO:-0400",
      "END:DAYLIGHT",
      "BEGIN:STANDARD",
      "DTSTART:20261101T020000",
      "TZOFFSETFROM:-0400",
      "TZOFFSETTO:-0500",
      "END:STANDARD",
      "END:VTIMEZONE",
    ]);
  });

  // Each confirmed seat's invite is built inside the checkout's transaction (issue 18): the walk
  // over three years of days happens once per zone and years, not once per seat.
  it("builds a zone's years once and answers the same text after", () => {
    const first = vtimezone("Europe/Berlin", 2026, 2028);
    const fromMillis = jest.spyOn(DateTime, "fromMillis");
    try {
      expect(vtimezone("Europe/Berlin", 2026, 2028)).toBe(first);
      expect(fromMillis).not.toHaveBeenCalled();
      expect(vtimezone("Europe/Berlin", 2027, 2028)).not.toBe(first);
      expect(fromMillis).toHaveBeenCalled();
    } finally {
      fromMillis.mockRestore();
    }
  });
});
