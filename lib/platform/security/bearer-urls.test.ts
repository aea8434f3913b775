import { isWidgetFreePage, redactBearerUrl } from "./bearer-urls";

/** Issue 26 finding 6: the keys in demo, unsubscribe and gift URLs never reach analytics or widgets. */
describe("redactBearerUrl", () => {
  it.each([
    ["https://classes.example.com/demo/abc123XYZ", "https://classes.example.com/demo/[redacted]"],
    ["https://classes.example.com/demo/abc123XYZ/calendar.ics", "https://classes.example.com/demo/[redacted]/calendar.ics"],
    ["/unsubscribe/tok_9f8e?x=1#top", "/unsubscribe/[redacted]?x=1#top"],
    ["http://localhost:3000/api/unsubscribe/tok_9f8e", "http://localhost:3000/api/unsubscribe/[redacted]"],
    ["/gift-a-course/gifts/6b1c0d2e-1234", "/gift-a-course/gifts/[redacted]"],
    [
      "https://x.example/signin?mode=resetPassword&oobCode=SECRET&apiKey=K",
      "https://x.example/signin?mode=resetPassword&oobCode=[redacted]&apiKey=[redacted]",
    ],
    ["/cart?order=12&session_id=cs_test_1", "/cart?order=12&session_id=[redacted]"],
    ["/redeem?code=ABCD-EFGH", "/redeem?code=[redacted]"],
  ])("%s → %s", (url, expected) => {
    expect(redactBearerUrl(url)).toBe(expected);
  });

  it.each([
    "https://classes.example.com/",
    "/demo",
    "/courses/coding/python-basics?grade=3",
    "/book-free-demo",
    "/my-demo/x",
    "/gift-a-course/buy",
  ])("leaves %s as it is", (url) => {
    expect(redactBearerUrl(url)).toBe(url);
  });
});

describe("isWidgetFreePage", () => {
  it.each(["/demo/abc123", "/unsubscribe/tok", "/gift-a-course/gifts/6b1c", "/gift-a-course/redeem", "/signin?oobCode=x"])(
    "%s: no widgets",
    (path) => {
      expect(isWidgetFreePage(path)).toBe(true);
    },
  );

  it.each(["/", "/courses/coding", "/gift-a-course", "/gift-a-course/buy", "/demo"])("%s: widgets may load", (path) => {
    expect(isWidgetFreePage(path)).toBe(false);
  });
});
