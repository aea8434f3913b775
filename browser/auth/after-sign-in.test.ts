/**
 * Where a person lands after signing in: the page they were going to (the guard's or the header's
 * callbackUrl), else their role's home: My courses for a family, the dashboards for staff.
 */
import { authLinkFrom } from "@/lib/platform/auth/guard";

import { afterSignInPath } from "./client-sign-in";

const at = (search: string) => ({ search, origin: "http://localhost:3000" });

describe("after sign-in", () => {
  it("a family with nowhere to return to starts at My courses; staff at their dashboards", () => {
    expect(afterSignInPath(at(""), "student")).toBe("/my-courses");
    expect(afterSignInPath(at(""), null)).toBe("/my-courses");
    expect(afterSignInPath(at(""), "teacher")).toBe("/teacher/dashboard");
    expect(afterSignInPath(at(""), "admin")).toBe("/admin/dashboard");
    expect(afterSignInPath(at(""), "support")).toBe("/support/dashboard");
  });

  it("anyone returns to the page they were going to, when it is on this site", () => {
    expect(afterSignInPath(at("?callbackUrl=%2Fcourses%2Fguitar-basics"), "student")).toBe("/courses/guitar-basics");
    expect(afterSignInPath(at("?callbackUrl=https%3A%2F%2Fevil.example%2F"), "student")).toBe("/my-courses");
  });
});

describe("the header's Log in and Sign up links", () => {
  it("carry the page being read, so signing in comes back to it", () => {
    expect(authLinkFrom("/signin", "/courses/guitar-basics")).toBe("/signin?callbackUrl=%2Fcourses%2Fguitar-basics");
    expect(authLinkFrom("/signup", "/cart")).toBe("/signup?callbackUrl=%2Fcart");
  });

  it("are plain from the home page, the account forms, or no known page", () => {
    for (const path of ["/", "/signin", "/signup", "/reset-password", null, "//evil.example"])
      expect(authLinkFrom("/signin", path)).toBe("/signin");
  });
});
