import { amountToMinor, minorToAmount, sectionFormValues } from "./section-form";

describe("the section form's price: an amount in, integer minor units stored", () => {
  it.each([
    ["149", "USD", 14900],
    ["149.1", "USD", 14910],
    ["149.10", "usd", 14910],
    ["0", "USD", 0],
    ["1,250.00", "USD", 125000],
    ["5000", "JPY", 5000],
  ])("%s %s is %d", (amount, currency, minor) => {
    expect(amountToMinor(amount, currency)).toBe(minor);
  });

  it.each([["12.345"], ["-5"], ["abc"], [""], ["1e3"], ["5.5 JPY"]])("refuses %p", (amount) => {
    expect(amountToMinor(amount, "USD")).toBeNull();
  });

  it("shows stored minor units back as the amount, and a stored section as the form's values", () => {
    expect(minorToAmount(14910, "USD")).toBe("149.10");
    expect(minorToAmount(5, "USD")).toBe("0.05");
    expect(minorToAmount(5000, "JPY")).toBe("5000");
    expect(
      sectionFormValues({
        courseId: 3,
        teacherId: 7,
        classType: "group",
        capacity: 6,
        priceMinor: 14900,
        currency: "USD",
        startsOn: "2030-03-04",
        endsOn: null,
        rrule: "FREQ=WEEKLY;BYDAY=TU,TH",
        startMinute: 960,
        timezone: "Europe/London",
        durationMinutes: 60,
        meetingUrl: null,
        status: "open",
      }),
    ).toMatchObject({ price: "149.00", weekdays: ["2", "4"], startTime: "16:00", endsOn: "", meetingUrl: "" });
  });
});
