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

const textOf = (statement: Statement) =>
  renderToStaticMarkup(<StatementDetail statement={statement} csvHref="/api/earnings/statement?month=2027-07" />)
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
