import { renderToStaticMarkup } from "react-dom/server";

import type { Statement } from "@/lib/commerce/earnings/statements";

import { StatementDetail } from "./statement-detail";

const base: Statement = {
  teacherId: 1,
  month: "2027-07",
  currency: "USD",
  sessions: 4,
  seats: 2,
  grossMinor: 20_000,
  refundsMinor: 0,
  creditsMinor: 0,
  platformSharePercent: 30,
  platformShareMinor: 6_000,
  carriedMinor: 7_000,
  netMinor: 7_000,
  lines: [],
  status: "unpaid",
  payment: null,
};

const textOf = (statement: Statement, zone = "UTC") =>
  renderToStaticMarkup(<StatementDetail statement={statement} csvHref="/api/earnings/statement?month=2027-07" zone={zone} />)
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

/** Issue 28's statements: what earlier months left owing is named where the net is, and a month below zero says where its debt goes. */
describe("a statement's figures", () => {
  it("name what earlier months carried over, between the platform's share and the net", () => {
    const text = textOf(base);
    expect(text).toContain("Platform share (30%) − $60.00 Carried over from earlier months − $70.00 Net to you $70.00");
  });

  it("say nothing of a carry when there is none", () => {
    expect(textOf({ ...base, carriedMinor: 0, netMinor: 14_000 })).not.toContain("Carried over");
  });

  it("say that a month below zero pays nothing and comes off next month's net", () => {
    const may = {
      ...base,
      month: "2027-05",
      grossMinor: 0,
      refundsMinor: 10_000,
      platformShareMinor: -3_000,
      carriedMinor: 0,
      netMinor: -7_000,
    };
    const text = textOf({ ...may, status: "nothing" });
    expect(text).toContain("Nothing is paid for May 2027: its $70.00 below zero comes off next month's net.");
  });
});

/** Issue 41, one clock: the month stays the rule's (UTC); the statement says when it starts and ends on the reader's clock, named. */
describe("a statement's month", () => {
  it("is read on the reader's clock, the zone named, the month itself unchanged", () => {
    expect(textOf(base, "Asia/Kolkata")).toContain(
      "Statement for July 2027 Due July 2027 on your clock: Thu, Jul 1, 2027, 5:30 AM to Sun, Aug 1, 2027, 5:30 AM India Standard Time (Kolkata) (the calendar month in UTC).",
    );
    expect(textOf(base, "America/Los_Angeles")).toContain(
      "July 2027 on your clock: Wed, Jun 30, 2027, 5:00 PM to Sat, Jul 31, 2027, 5:00 PM Pacific Time (Los Angeles)",
    );
    expect(textOf(base)).toContain("July 2027 on your clock: Thu, Jul 1, 2027, 12:00 AM to Sun, Aug 1, 2027, 12:00 AM UTC");
    // The figures are the same whatever the clock.
    expect(textOf(base, "Asia/Kolkata").split("Sessions taught")[1]).toBe(textOf(base).split("Sessions taught")[1]);
  });

  it("a paid statement's day is the reader's", () => {
    const payment = { id: 1, method: "manual" as const, reference: null, stripeTransferId: null, failureMessage: null };
    const paid: Statement = { ...base, status: "paid", payment: { ...payment, paidAt: new Date("2027-08-03T20:00:00Z") } };
    expect(textOf(paid, "Asia/Kolkata")).toContain("Paid 2027-08-04");
    expect(textOf(paid, "America/Los_Angeles")).toContain("Paid 2027-08-03");
  });
});

/** Issue 41, one clock: a refund's or credit's line says when it was made on the reader's clock, the zone named, never "Date (UTC)". */
describe("a statement's lines", () => {
  const refund = {
    kind: "refund" as const,
    date: "2027-07-31",
    at: "2027-07-31T20:00:00.000Z",
    courseTitle: "Piano for beginners",
    sectionId: 7,
    sessions: 0,
    seats: 1,
    amountMinor: 2_500,
  };

  it("show a refund's instant in the reader's zone, named", () => {
    const kolkata = textOf({ ...base, lines: [refund] }, "Asia/Kolkata");
    expect(kolkata).not.toContain("Date (UTC)");
    expect(kolkata).toContain("Refund deducted Piano for beginners (section 7) Sun, Aug 1, 2027, 1:30 AM India Standard Time (Kolkata)");
    const la = textOf({ ...base, lines: [refund] }, "America/Los_Angeles");
    expect(la).toContain("Sat, Jul 31, 2027, 1:00 PM Pacific Time (Los Angeles)");
  });

  it("a line frozen with only its day names that day's zone, UTC", () => {
    const { at: _, ...frozen } = refund;
    expect(textOf({ ...base, lines: [frozen] }, "Asia/Kolkata")).toContain("Sat, Jul 31, 2027 UTC");
  });
});
