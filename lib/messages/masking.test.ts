import { MASK, maskContactDetails } from "./masking";

/** Issue 28, child safety: contact details are masked before delivery; ordinary words and numbers are not. */
describe("maskContactDetails", () => {
  it("masks the issue's example: a phone number with spaces and an email address", () => {
    expect(maskContactDetails("Call me on +1 555 0142 or mail a@b.com")).toEqual({
      text: `Call me on ${MASK} or mail ${MASK}`,
      isMasked: true,
    });
  });

  it.each([
    ["My number is (555) 014-2233.", `My number is ${MASK}.`],
    ["Text 555.014.2233 anytime", `Text ${MASK} anytime`],
    ["whatsapp +44 20 7946 0958", `whatsapp ${MASK}`],
    ["See https://example.com/lesson?id=1 for notes", `See ${MASK} for notes`],
    ["go to www.music-notes.org/scales", `go to ${MASK}`],
    ["my site is pianofun.com/ada ok", `my site is ${MASK} ok`],
    ["Find me on insta @ada_plays.piano", `Find me on insta ${MASK}`],
    ["email ADA.Rao+piano@Example.co.uk please", `email ${MASK} please`],
  ])("masks %p", (input, masked) => {
    expect(maskContactDetails(input)).toEqual({ text: masked, isMasked: true });
  });

  it.each([
    "Ada practised for 20 minutes on 3 days this week.",
    "Class at 10:30, grade 5, lesson 12 of 24.",
    "The recital is on 2026-12-05 at 4 pm.",
    "She scored 95% on the test. Well done!",
    "Email me here on the platform, thanks.",
  ])("leaves %p as it is", (input) => {
    expect(maskContactDetails(input)).toEqual({ text: input, isMasked: false });
  });
});
