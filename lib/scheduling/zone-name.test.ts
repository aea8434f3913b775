import { INSTANT_FORMAT, withZoneName, zoneAbbreviation } from "./zone-name";

/** The browser's way (components/demo/local-time.tsx): Intl in the viewer's zone. */
function inBrowser(iso: string, zone: string): string {
  const format = new Intl.DateTimeFormat("en-US", { ...INSTANT_FORMAT, timeZone: zone });
  const date = new Date(iso);
  return withZoneName(format.format(date), zoneAbbreviation(format.formatToParts(date)), zone);
}

describe("an instant with its zone's name (ARCHITECTURE: Time)", () => {
  it("adds the IANA name after the abbreviation", () => {
    expect(inBrowser("2026-03-10T23:00:00Z", "America/Los_Angeles")).toBe("Tue, Mar 10, 2026, 4:00 PM PDT (America/Los_Angeles)");
    expect(inBrowser("2026-03-10T16:00:00Z", "Asia/Kolkata")).toBe("Tue, Mar 10, 2026, 9:30 PM GMT+5:30 (Asia/Kolkata)");
  });

  it("says UTC once, not 'UTC (UTC)'", () => {
    expect(inBrowser("2026-03-10T03:46:00Z", "UTC")).toBe("Tue, Mar 10, 2026, 3:46 AM UTC");
    expect(inBrowser("2026-03-10T03:46:00Z", "Etc/UTC")).toBe("Tue, Mar 10, 2026, 3:46 AM UTC (Etc/UTC)");
  });

  it("names the zone when its abbreviation is unknown", () => {
    expect(withZoneName("soon", undefined, "UTC")).toBe("soon (UTC)");
  });
});
