import { HOSTILE_RETURN_PATHS, SAFE_RETURN_PATHS } from "@/test/hostile-return-paths";

import { guardRedirect, isGuardedPath, safeCallbackUrl, sameOriginPath } from "./guard";

describe("route guard (SPEC 4)", () => {
  it.each([
    "/become-a-teacher",
    "/my-courses",
    "/teacher/courses",
    "/asa",
    "/user/edit-profile",
    "/user/edit-password",
    "/user/brightside-coin",
  ])("sends a signed-out visitor on %s to /signup", (path) => {
    expect(guardRedirect(path, "", false)).toBe(`/signup?callbackUrl=${encodeURIComponent(path)}`);
  });

  it("keeps the query", () => {
    expect(guardRedirect("/my-courses", "?utm_source=mail&ref=42", false)).toBe("/signup?utm_source=mail&ref=42&callbackUrl=%2Fmy-courses");
  });

  it("lets signed-in users and public paths through", () => {
    expect(guardRedirect("/my-courses", "", true)).toBeNull();
    expect(guardRedirect("/courses", "", false)).toBeNull();
    expect(guardRedirect("/teacher/dashboard", "", false)).toBeNull();
    expect(isGuardedPath("/users-guide")).toBe(false);
    expect(isGuardedPath("/asa")).toBe(true);
  });

  it("sends a signed-in user on /signin or /signup home", () => {
    expect(guardRedirect("/signin", "", true)).toBe("/");
    expect(guardRedirect("/signup", "?x=1", true)).toBe("/");
    expect(guardRedirect("/signin", "", false)).toBeNull();
  });

  it.each([
    ["/my-courses", "/my-courses"],
    ["/user/edit-profile?tab=1", "/user/edit-profile?tab=1"],
    ["https://evil.example/phish", "/"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["", "/"],
    [null, "/"],
  ])("never lets callbackUrl %s leave the site", (value, expected) => {
    expect(safeCallbackUrl(value)).toBe(expected);
  });

  it.each(HOSTILE_RETURN_PATHS)("a return path %j that normalises to another host is refused", (value) => {
    expect(safeCallbackUrl(value)).toBe("/");
    expect(safeCallbackUrl(value, "http://localhost:3000")).toBe("/");
    expect(sameOriginPath(value)).toBeNull();
  });

  it.each(SAFE_RETURN_PATHS)("a return path %j on this site is used as %j, normalised", (value, expected) => {
    expect(safeCallbackUrl(value)).toBe(expected);
    // What the browser then does with it: a path on this site.
    expect(new URL(expected, "http://localhost:3000").origin).toBe("http://localhost:3000");
  });

  it("accepts an absolute URL only on our own origin", () => {
    expect(safeCallbackUrl("http://localhost:3000/my-courses?x=1", "http://localhost:3000")).toBe("/my-courses?x=1");
    expect(safeCallbackUrl("http://localhost:3000/.//evil.example", "http://localhost:3000")).toBe("/");
    expect(safeCallbackUrl("http://localhost:3001/my-courses", "http://localhost:3000")).toBe("/");
  });

  it("replaces a hostile callbackUrl on a guarded path with the path itself", () => {
    expect(guardRedirect("/my-courses", "?callbackUrl=%2F.%2F%2Fevil.example&ref=1", false)).toBe(
      "/signup?callbackUrl=%2Fmy-courses&ref=1",
    );
    expect(guardRedirect("/my-courses", "?callbackUrl=%2Fuser%2Fedit-profile", false)).toBe("/signup?callbackUrl=%2Fuser%2Fedit-profile");
  });
});
