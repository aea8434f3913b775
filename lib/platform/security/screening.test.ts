import fc from "fast-check";

import { digitValue, normaliseText } from "./normalise-text";
import { MASK, screenText } from "./screening";

const ZWSP = "\u200b";

/**
 * Issue 40: a determined adult's dodges. Each is masked (contact details taken out) or at least
 * flagged for support; `masks` is what must not survive in the delivered text.
 */
const DODGES: { name: string; text: string; gone?: string }[] = [
  { name: "zero-width spaces between digits", text: `call 5${ZWSP}5${ZWSP}5${ZWSP}0${ZWSP}1${ZWSP}4${ZWSP}2${ZWSP}2${ZWSP}3${ZWSP}3`, gone: "5" },
  { name: "full-width digits", text: "ring ５５５０１４２２３３ tonight", gone: "５" },
  { name: "Arabic-Indic digits", text: "my number ٥٥٥٠١٤٢٢٣٣", gone: "٥" },
  { name: "Devanagari digits", text: "number ५५५०१४२२३३", gone: "५" },
  { name: "commas between groups", text: "555,014,2233", gone: "2233" },
  { name: "slashes between groups", text: "555/014/2233 after class", gone: "2233" },
  { name: "spelled-out digits", text: "five five five zero one four two two three three", gone: "five" },
  { name: "spelled digits with oh", text: "call five oh five one two three four", gone: "five" },
  { name: "mixed words and digits", text: "it's 555 oh one four two two", gone: "555" },
  { name: "spaced single digits", text: "5 5 5 0 1 4 2 2 3 3", gone: "5 5" },
  { name: "dashes and brackets", text: "(555)-014-2233", gone: "2233" },
  { name: "international with plus", text: "whatsapp +44 20 7946 0958", gone: "7946" },
  { name: "email with at and dot in words", text: "ada at example dot com", gone: "example" },
  { name: "email with (at) and (dot)", text: "ada(at)example(dot)com", gone: "example" },
  { name: "email with [at]", text: "write ada [at] example.com", gone: "example" },
  { name: "full-width at and dot", text: "ada＠example．com", gone: "example" },
  { name: "email with spaces around @", text: "ada @ example.com", gone: "example" },
  { name: "small commercial at", text: "ada﹫example.com", gone: "example" },
  { name: "email with zero-width inside", text: `ada@exa${ZWSP}mple.com`, gone: "mple" },
  { name: "handle with a space after @", text: "insta: @ ada_plays", gone: "ada_plays" },
  { name: "handle after an app's name", text: "snap ada.k2 ok", gone: "ada.k2" },
  { name: "game username", text: "my roblox username is ada_plays2014", gone: "ada_plays2014" },
  { name: "discord tag", text: "discord: adaplays#1234", gone: "adaplays" },
  { name: "bare domain not on the list", text: "see pianofun.com/ada", gone: "pianofun" },
  { name: "a .edu site not on the list", text: "go to someone.mit.edu", gone: "someone" },
  { name: "domain with dot in words", text: "pianofun dot com", gone: "pianofun" },
  { name: "full-width link", text: "ｗｗｗ．ｐｉａｎｏｆｕｎ．ｃｏｍ", gone: "ｐｉａｎｏ" },
  { name: "link with scheme", text: "https://evil.example.net/x?y=1", gone: "evil" },
  { name: "whatsapp named, no number", text: "add me on WhatsApp later" },
  { name: "secret", text: "this is our little secret ok?" },
  { name: "don't tell your parents", text: "don't tell your mum about this" },
  { name: "zero-width inside a word", text: `what${ZWSP}sapp me` },
  { name: "combined: full-width digits with zero-width spaces", text: `５${ZWSP}５${ZWSP}５ ０１４ ２２３３`, gone: "２２３３" },
  { name: "combined: words and dot-com email", text: "mail ada dot rao at gmail dot com", gone: "gmail" },
];

describe("screenText: the dodges of issue 40 are masked or flagged", () => {
  it.each(DODGES)("$name", ({ text, gone }) => {
    const screened = screenText(text);
    expect(screened.isFlagged).toBe(true);
    if (gone) {
      expect(screened.isMasked).toBe(true);
      expect(screened.text).toContain(MASK);
      expect(screened.text).not.toContain(gone);
    }
  });

  it("has at least 30 dodges", () => expect(DODGES.length).toBeGreaterThanOrEqual(30));
});

/** Ordinary class talk: nothing masked, nothing flagged. */
const ORDINARY = [
  "Ada practised for 20 minutes on 3 days this week.",
  "Class at 10:30, grade 5, lesson 12 of 24.",
  "The recital is on 2026-12-05 at 4 pm.",
  "She scored 95% on the test. Well done!",
  "Email me here on the platform, thanks.",
  "Please read pages 12, 13, 14 and 15 before Tuesday.",
  "The book costs $12.50 and the workbook $1,250.00 for the whole school.",
  "We covered fractions. It was fun and everyone joined in.",
  "Homework: exercises 3 to 7 on page 42.",
  "See you on 12/05/2026 at 9:00.",
  "The 2025-2026 school year starts in September.",
  "Can we move Thursday's class from 4:15 to 5:45?",
  "He is in grade 3 and reads at a grade 4 level.",
  "Look at the diagram on slide 6, then try question 2.",
  "Scores this term: 78, 85, 91.",
  "Bring a pencil, an eraser and a ruler (30 cm).",
  "We'll practise the C major scale at 60 bpm, then 80.",
  "She was one of the two best readers today.",
  "Oh, that's great news, thank you!",
  "Lesson 1 of 10 done; 9 to go.",
  "The class is 45 minutes long and costs £15 per session.",
  "Open main.py and run it once before class.",
  "Try the Hour of Code at code.org/hourofcode this week.",
  "Our project is on scratch.mit.edu/projects, under the class studio.",
  "Great work at the concert, everyone!",
  "Room 204 is where the exam is held.",
  "Practice log: Mon 20 min, Wed 25 min, Fri 30 min.",
  "At 3 pm we start; at 4 pm we finish.",
  "I'll be five minutes late, sorry.",
  "Thank you for the lovely class! 🎹👨‍👩‍👧",
  "The answer to 7 x 8 is 56, and 9 x 9 is 81.",
];

describe("screenText: ordinary class talk passes untouched", () => {
  it.each(ORDINARY)("%p", (text) => {
    expect(screenText(text)).toEqual({ text, isMasked: false, isFlagged: false, reasons: [] });
  });

  it("has at least 30 ordinary messages", () => expect(ORDINARY.length).toBeGreaterThanOrEqual(30));
});

describe("screenText: links are judged by an allow-list of hosts, not by their endings", () => {
  it("keeps scratch.mit.edu and code.org/hourofcode (on the list) and masks another .edu and .org", () => {
    expect(screenText("scratch.mit.edu and code.org/hourofcode").isMasked).toBe(false);
    expect(screenText("evil.mit.edu or hourofcode.org").text).toBe(`${MASK} or ${MASK}`);
  });

  it("reads the list it is given", () => {
    expect(screenText("see pianofun.com/ada", { allowedHosts: ["pianofun.com"] }).isMasked).toBe(false);
    expect(screenText("see code.org", { allowedHosts: ["pianofun.com"] }).isMasked).toBe(true);
  });
});

describe("screenText: the mask keeps the text around it", () => {
  it("keeps the commas between masked items", () => {
    expect(screenText("a@b.com, c@d.com, pianofun.com, 555 014 2233").text).toBe(`${MASK}, ${MASK}, ${MASK}, ${MASK}`);
  });

  it("keeps the sentence's punctuation", () => {
    expect(screenText("My number is (555) 014-2233.").text).toBe(`My number is ${MASK}.`);
  });
});

describe("screenText: a number split over consecutive messages", () => {
  it("masks and flags the part that completes it", () => {
    const screened = screenText("2233", { recentTexts: ["my number is 555", "014"] });
    expect(screened).toMatchObject({ text: MASK, isMasked: true, isFlagged: true, reasons: ["split-number"] });
  });

  it("leaves a lone short number alone, with or without recent messages", () => {
    expect(screenText("page 120", { recentTexts: ["Class at 10:30", "grade 5"] }).isFlagged).toBe(false);
  });
});

describe("normaliseText", () => {
  it("reads every Unicode decimal digit as its value", () => {
    // Every character in Nd is a decimal digit; each run of ten reads 0..9.
    expect(["٣", "३", "３", "𝟕", "߅"].map(digitValue)).toEqual([3, 3, 3, 7, 5]);
  });

  it("maps each normalised character back to what was typed (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (input) => {
        const n = normaliseText(input);
        expect(n.from).toHaveLength(n.text.length);
        for (let i = 0; i < n.text.length; i += 1) {
          expect(n.from[i]!).toBeLessThan(n.to[i]!);
          expect(n.to[i]!).toBeLessThanOrEqual(input.length);
        }
      }),
    );
  });

  it("masking never loses the text outside the masks (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("hello", "class", "at", "10:30", " ", ", ", "555", "0142", "2233", "ada@b.com", "５"), { maxLength: 12 }), (parts) => {
        const input = parts.join(" ");
        const { text } = screenText(input);
        for (const piece of text.split(MASK)) expect(input).toContain(piece);
      }),
    );
  });
});
