import { topUpSchema } from "@/lib/commerce/payments/top-up-schema";
import { topUpReturnPath } from "@/lib/commerce/payments/top-ups";
import { brandLabels, brandRoutes } from "@/lib/platform/brand";
import { HOSTILE_RETURN_PATHS, SAFE_RETURN_PATHS } from "@/test/hostile-return-paths";

import { moveResumeNotice, moveReturnPath, parseMoveIntent } from "./move-intent";

/**
 * Issue 41: a top-up started from a move carries the move (seat, section) through Stripe's page as a
 * return path on this site, and /my-courses reads it back. The rule for return paths is the house's
 * (lib/platform/auth/guard.ts, test/hostile-return-paths.ts).
 */
const TOP_UP = "5f0c6a3e-1b2d-4c5e-8f90-123456789abc";

describe("the top-up's return path", () => {
  it("is the move's page with the top-up's id added", () => {
    expect(moveReturnPath(12, 34)).toBe("/my-courses?move=12&to=34");
    expect(topUpReturnPath(TOP_UP, moveReturnPath(12, 34))).toBe(`/my-courses?move=12&to=34&top_up=${TOP_UP}`);
    expect(topUpSchema.parse({ amount: "15.00", returnTo: moveReturnPath(12, 34) })).toEqual({
      amount: 1_500,
      returnTo: "/my-courses?move=12&to=34",
    });
  });

  it("without one, or with one leading elsewhere, is the wallet as before", () => {
    const wallet = `${brandRoutes.wallet}?top_up=${TOP_UP}`;
    expect(topUpReturnPath(TOP_UP)).toBe(wallet);
    expect(topUpReturnPath(TOP_UP, "")).toBe(wallet);
    expect(topUpSchema.parse({ amount: "15" }).returnTo).toBeUndefined();
    expect(topUpSchema.parse({ amount: "15", returnTo: 42 }).returnTo).toBeUndefined();
    expect(topUpSchema.parse({ amount: "15", returnTo: `/${"a".repeat(2_001)}` }).returnTo).toBeUndefined();
    for (const hostile of HOSTILE_RETURN_PATHS) {
      expect(topUpSchema.parse({ amount: "15", returnTo: hostile }).returnTo).toBeUndefined();
      expect(topUpReturnPath(TOP_UP, hostile)).toBe(wallet);
    }
  });

  it("a path on this site is kept as the URL parser normalises it, its own top_up replaced by the new one", () => {
    for (const [given, normalised] of SAFE_RETURN_PATHS) {
      const back = new URL(topUpReturnPath(TOP_UP, given), "http://localhost:3000");
      expect(back.origin).toBe("http://localhost:3000");
      expect(back.pathname).toBe(new URL(normalised, "http://localhost:3000").pathname);
      expect(back.searchParams.get("top_up")).toBe(TOP_UP);
    }
    expect(topUpReturnPath(TOP_UP, "/my-courses?move=1&to=2&top_up=someone-elses")).toBe(`/my-courses?move=1&to=2&top_up=${TOP_UP}`);
  });
});

describe("the move /my-courses resumes", () => {
  it("is read from the query; anything unreadable is no move", () => {
    expect(parseMoveIntent({ move: "12", to: "34", top_up: TOP_UP })).toEqual({ orderItemId: 12, toSectionId: 34, topUpId: TOP_UP });
    expect(parseMoveIntent({ move: ["12", "13"], to: "34" })).toEqual({ orderItemId: 12, toSectionId: 34, topUpId: null });
    expect(parseMoveIntent({ move: "12", to: "34", top_up: "not-a-uuid" })).toEqual({ orderItemId: 12, toSectionId: 34, topUpId: null });
    for (const query of [{}, { move: "12" }, { to: "34" }, { move: "x", to: "34" }, { move: "-1", to: "2" }, { move: "1.5", to: "2" }])
      expect(parseMoveIntent(query)).toBeNull();
    expect(parseMoveIntent({ move: "99999999999", to: "2" })).toBeNull();
  });

  it("says what became of the top-up and whether the Cash now covers the move", () => {
    const facts = { balanceMinor: 1_500, differenceMinor: 1_500, learnerName: "Ida" };
    expect(moveResumeNotice({ ...facts, topUp: null })).toBeNull();
    expect(moveResumeNotice({ ...facts, topUp: { status: "paid", amount: "$15.00" } })).toEqual({
      covered: true,
      text: `Your top-up of $15.00 was added to your ${brandLabels.cash}, which is now $15.00: enough for this move ($15.00 more). Choose “Move Ida's seat” to finish.`,
    });
    expect(moveResumeNotice({ ...facts, balanceMinor: 1_000, topUp: { status: "paid", amount: "$10.00" } })).toEqual({
      covered: false,
      text: `Your top-up of $10.00 was added to your ${brandLabels.cash}, which is now $10.00; this move needs $15.00.`,
    });
    expect(moveResumeNotice({ ...facts, balanceMinor: 0, topUp: { status: "pending", amount: "$15.00" } })?.text).toContain(
      "is being confirmed",
    );
    expect(moveResumeNotice({ ...facts, balanceMinor: 0, topUp: { status: "expired", amount: "$15.00" } })?.text).toContain(
      "nothing was charged and the seat has not moved",
    );
    expect(moveResumeNotice({ ...facts, balanceMinor: 0, topUp: { status: "flagged", amount: "$15.00" } })?.covered).toBe(false);
  });
});
