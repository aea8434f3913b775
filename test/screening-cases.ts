/**
 * Issue 40's screening cases, shared by the screen's own tests (lib/platform/security/screening.test.ts)
 * and the channels that use it (messages, session notes).
 */
const ZWSP = "\u200b";

/**
 * Issue 40: a determined adult's dodges. Each is masked (contact details taken out) or at least
 * flagged for support; `gone` is what must not survive in the delivered text.
 */
export const DODGES: { name: string; text: string; gone?: string }[] = [
  {
    name: "zero-width spaces between digits",
    text: `call 5${ZWSP}5${ZWSP}5${ZWSP}0${ZWSP}1${ZWSP}4${ZWSP}2${ZWSP}2${ZWSP}3${ZWSP}3`,
    gone: "5",
  },
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

/** Ordinary class talk: nothing masked, nothing flagged. */
export const ORDINARY = [
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
