import { formatInstant, zonedFormat, zoneLabel, zoneShortLabel } from "./zone-name";

describe("a zone as people say it (issue 31 item 3: one clock per person)", () => {
  it("names a zone by its generic name and its place", () => {
    expect(zoneLabel("America/Los_Angeles")).toBe("Pacific Time (Los Angeles)");
    expect(zoneLabel("America/New_York")).toBe("Eastern Time (New York)");
    expect(zoneLabel("Asia/Kolkata")).toBe("India Standard Time (Kolkata)");
    expect(zoneLabel("America/Argentina/Buenos_Aires")).toBe("Argentina Standard Time (Buenos Aires)");
    // The same words all year: "Pacific Time", never PDT in summer and PST in winter.
    expect(zoneLabel("Europe/Berlin")).toBe("Central European Time (Berlin)");
  });

  it("leaves the place out when the name already says it", () => {
    expect(zoneLabel("Asia/Singapore")).toBe("Singapore Standard Time");
  });

  it("says UTC for UTC by any of its names, and a fixed offset as an offset", () => {
    expect(zoneLabel("UTC")).toBe("UTC");
    expect(zoneLabel("Etc/UTC")).toBe("UTC");
    expect(zoneLabel("Etc/GMT+5")).toBe("GMT-05:00");
  });

  it("keeps a name Intl does not know as it is", () => {
    expect(zoneLabel("Mars/Olympus")).toBe("Mars/Olympus");
  });

  it("has a short form for buttons", () => {
    expect(zoneShortLabel("America/Los_Angeles")).toBe("Pacific Time");
    expect(zoneShortLabel("UTC")).toBe("UTC");
  });
});

describe("an instant with its zone (the browser's and the server's text)", () => {
  it("adds the zone's label after the time", () => {
    expect(formatInstant(new Date("2026-03-10T23:00:00Z"), "America/Los_Angeles")).toBe(
      "Tue, Mar 10, 2026, 4:00 PM Pacific Time (Los Angeles)",
    );
    expect(formatInstant(new Date("2026-03-10T16:00:00Z"), "Asia/Kolkata")).toBe(
      "Tue, Mar 10, 2026, 9:30 PM India Standard Time (Kolkata)",
    );
  });

  it("says UTC once", () => {
    expect(formatInstant(new Date("2026-03-10T03:46:00Z"), "UTC")).toBe("Tue, Mar 10, 2026, 3:46 AM UTC");
    expect(formatInstant(new Date("2026-03-10T03:46:00Z"), "Etc/UTC")).toBe("Tue, Mar 10, 2026, 3:46 AM UTC");
  });
});

describe("zonedFormat", () => {
  it("formats in the zone asked for, and makes one formatter per zone and options", () => {
    const made = jest.spyOn(Intl, "DateTimeFormat");
    const noon = new Date("2026-03-10T12:00:00Z");
    const tokyo = zonedFormat("Asia/Tokyo", { hour: "numeric", minute: "2-digit" });
    expect(tokyo.format(noon)).toBe("9:00 PM");
    expect(zonedFormat("Asia/Tokyo", { hour: "numeric", minute: "2-digit" })).toBe(tokyo);
    expect(zonedFormat("America/New_York", { hour: "numeric", minute: "2-digit" }).format(noon)).toBe("8:00 AM");
    expect(zonedFormat("Asia/Tokyo", { weekday: "long" }).format(noon)).toBe("Tuesday");
    expect(made).toHaveBeenCalledTimes(3);
    made.mockRestore();
  });
});
