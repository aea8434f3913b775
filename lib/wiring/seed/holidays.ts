import { DateTime } from "luxon";

export type HolidayCountry = "US" | "GB" | "IN" | "CA" | "FR" | "DE";

/** A country's fixed-date and rule-based public holidays of one year, as ISO dates. */
function holidaysOf(country: HolidayCountry, year: number): string[] {
  const on = (month: number, day: number) => DateTime.utc(year, month, day).toISODate() ?? "";
  switch (country) {
    case "US": {
      // Thanksgiving: the fourth Thursday of November.
      const firstOfNovember = DateTime.utc(year, 11, 1);
      const thanksgiving = firstOfNovember.plus({ days: ((4 - firstOfNovember.weekday + 7) % 7) + 21 });
      return [on(1, 1), on(7, 4), thanksgiving.toISODate() ?? "", on(12, 25)];
    }
    case "GB":
      return [on(1, 1), on(12, 25), on(12, 26)];
    case "IN":
      return [on(1, 26), on(8, 15), on(10, 2)];
    case "CA":
      return [on(1, 1), on(7, 1), on(12, 25), on(12, 26)];
    case "FR":
      return [on(1, 1), on(5, 1), on(7, 14), on(11, 11), on(12, 25)];
    case "DE":
      return [on(1, 1), on(5, 1), on(10, 3), on(12, 25), on(12, 26)];
  }
}

/** The teacher's public holidays in the year from `now` (the seeded days off, so no demo is offered on them). */
export function publicHolidays(country: HolidayCountry, now: Date): string[] {
  const today = DateTime.fromJSDate(now, { zone: "utc" }).toISODate() ?? "";
  const yearOn = DateTime.fromJSDate(now, { zone: "utc" }).plus({ years: 1 }).toISODate() ?? "";
  const year = DateTime.fromJSDate(now, { zone: "utc" }).year;
  return [...holidaysOf(country, year), ...holidaysOf(country, year + 1)].filter((date) => date >= today && date < yearOn).sort();
}
