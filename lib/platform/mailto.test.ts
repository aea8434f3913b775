import { mailtoHref } from "./mailto";

describe("mailtoHref", () => {
  it("is a bare mailto: link without options", () => {
    expect(mailtoHref("help@example.com")).toBe("mailto:help@example.com");
  });

  it("percent-encodes subject and body (spaces as %20, line breaks as %0A, & and ? escaped)", () => {
    expect(mailtoHref("help@example.com", { subject: "Gift a course", body: "Hi & thanks?\nSam" })).toBe(
      "mailto:help@example.com?subject=Gift%20a%20course&body=Hi%20%26%20thanks%3F%0ASam",
    );
  });
});
