/**
 * Text as a screen reads it (issue 40), with a map back to what was typed. A determined adult
 * writes a phone number in full-width or Arabic-Indic digits, with zero-width spaces between them,
 * or in words; the screen reads all of those as plain ASCII digits and letters, and what it finds is
 * masked in the original text (so a message keeps its own script, emoji and spacing elsewhere).
 *
 * Each code point is normalised on its own (NFKC, lower case, any decimal digit as its ASCII digit,
 * format characters such as zero-width spaces dropped), then number words become digits. `from[i]`
 * and `to[i]` are the span of the original text that produced character i of `text`.
 */
export interface NormalisedText {
  text: string;
  from: number[];
  to: number[];
  /** A format character (zero-width space, joiner, soft hyphen...) sat between two letters or digits: a sign of a dodge. */
  hadHiddenSeparators: boolean;
}

const FORMAT_CHAR = /^\p{Cf}$/u;
const DECIMAL_DIGIT = /^\p{Nd}$/u;
const ALNUM = /[\p{L}\p{N}]/u;

/**
 * The value of any Unicode decimal digit. Unicode keeps every decimal digit set as a run of ten
 * consecutive code points from zero (some runs, the mathematical digits, hold several sets), so the
 * value is the distance from the start of the run, modulo ten.
 */
export function digitValue(ch: string): number {
  let start = ch.codePointAt(0)!;
  while (start > 0 && DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
  return (ch.codePointAt(0)! - start) % 10;
}

function normaliseChar(ch: string): string {
  if (FORMAT_CHAR.test(ch)) return "";
  if (DECIMAL_DIGIT.test(ch)) return String(digitValue(ch));
  const nfkc = ch.normalize("NFKC").toLowerCase();
  // NFKC can give digits of another script's compatibility forms (circled digits stay as they are); read them too.
  return [...nfkc].map((c) => (DECIMAL_DIGIT.test(c) ? String(digitValue(c)) : c)).join("");
}

const NUMBER_WORDS: Record<string, string> = {
  zero: "0",
  oh: "0",
  one: "1",
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
};

const TEENS: Record<string, string> = {
  ten: "10",
  eleven: "11",
  twelve: "12",
  thirteen: "13",
  fourteen: "14",
  fifteen: "15",
  sixteen: "16",
  seventeen: "17",
  eighteen: "18",
  nineteen: "19",
};
const TENS: Record<string, string> = {
  twenty: "2",
  thirty: "3",
  forty: "4",
  fifty: "5",
  sixty: "6",
  seventy: "7",
  eighty: "8",
  ninety: "9",
};
const UNITS = "zero|one|two|three|four|five|six|seven|eight|nine";
const TENS_WORDS = Object.keys(TENS).join("|");
const TEEN_WORDS = Object.keys(TEENS).join("|");

/** A number word's digits: "twenty three" 23, "nineteen" 19, "eighty" 80, "five" 5. */
function digitsOfWord(word: string): string {
  const [tens, unit] = word.split(/[\s-]+/);
  if (tens && TENS[tens] !== undefined) return TENS[tens] + (unit ? NUMBER_WORDS[unit]! : "0");
  return TEENS[word] ?? NUMBER_WORDS[word]!;
}

// "oh" is only a digit beside another number word ("five oh five"); on its own it is a word.
// Compounds first ("twenty three" is 23, not 20 and 3); "nineteen eighty" reads as 19 80, digits the screen counts together.
const NUMBER_WORD = new RegExp(String.raw`\b((?:${TENS_WORDS})[\s-]+(?:${UNITS})|${TEEN_WORDS}|${TENS_WORDS}|${UNITS}|oh)\b`, "g");
const DIGIT_WORD_NEIGHBOUR = new RegExp(String.raw`^(?:${UNITS}|${TEEN_WORDS}|${TENS_WORDS}|\d+)$`);

export function normaliseText(input: string): NormalisedText {
  let text = "";
  const from: number[] = [];
  const to: number[] = [];
  let hadHiddenSeparators = false;
  let index = 0;
  const chars = [...input];
  chars.forEach((ch, i) => {
    const mapped = normaliseChar(ch);
    if (mapped === "" && FORMAT_CHAR.test(ch)) {
      const before = chars[i - 1] ?? "";
      const after = chars[i + 1] ?? "";
      if (ALNUM.test(before) && ALNUM.test(after)) hadHiddenSeparators = true;
    }
    for (const unit of mapped.split("")) {
      text += unit;
      from.push(index);
      to.push(index + ch.length);
    }
    index += ch.length;
  });
  return replaceNumberWords({ text, from, to, hadHiddenSeparators });
}

/** "five five five" reads as "5 5 5", "twenty three" as "23": each number word becomes its digits, mapped to the word's span. */
function replaceNumberWords(n: NormalisedText): NormalisedText {
  let text = "";
  const from: number[] = [];
  const to: number[] = [];
  let last = 0;
  for (const match of n.text.matchAll(NUMBER_WORD)) {
    const start = match.index;
    const word = match[1]!;
    if (word === "oh" && !besideDigitWord(n.text, start, start + word.length)) continue;
    for (let i = last; i < start; i += 1) {
      text += n.text[i];
      from.push(n.from[i]!);
      to.push(n.to[i]!);
    }
    // Every digit maps to the whole word, so a mask over any of them covers the word as typed.
    for (const digit of digitsOfWord(word)) {
      text += digit;
      from.push(n.from[start]!);
      to.push(n.to[start + word.length - 1]!);
    }
    last = start + word.length;
  }
  for (let i = last; i < n.text.length; i += 1) {
    text += n.text[i];
    from.push(n.from[i]!);
    to.push(n.to[i]!);
  }
  return { text, from, to, hadHiddenSeparators: n.hadHiddenSeparators };
}

function besideDigitWord(text: string, start: number, end: number): boolean {
  const before =
    text
      .slice(0, start)
      .trimEnd()
      .split(/[^a-z0-9]+/)
      .pop() ?? "";
  const after =
    text
      .slice(end)
      .trimStart()
      .split(/[^a-z0-9]+/)[0] ?? "";
  return DIGIT_WORD_NEIGHBOUR.test(before) || DIGIT_WORD_NEIGHBOUR.test(after);
}
