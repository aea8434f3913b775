import { guardRedirect, isGuardedPath, safeCallbackUrl } from "./guard";

describe("route guard (SPEC 4)", () => {
  it.each(["/become-a-teacher", "/my-courses", "/teacher/courses", "/asa", "/user/edit-profile", "/user/edit-password", "/user/brightside-coin"])(
    "sends a signed-out visitor on %s to /signup",
    (path) => {
      expect(guardRedirect(path, "", false)).toBe(`/signup?callbackUrl=${encodeURIComponent(path)}`);
    },
  );

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
});
