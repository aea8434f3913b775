import { normaliseText, type NormalisedText } from "./normalise-text";

/**
 * Child safety (issues 28, 40): every free text a teacher and a family share is screened so that
 * talk stays on the platform. The screen reads the text normalised (normalise-text.ts: NFKC, any
 * digit as a digit, zero-width characters gone, number words as digits), finds contact details
 * (emails, also written "at"/"dot"; phone numbers, however separated; links to sites not on the
 * allow-list; social handles) and masks them in the text as typed, and flags what is suspicious
 * but not a contact detail (an app's name, "our secret", hidden characters between letters). Both
 * masked and flagged texts go to support, who read the original.
 *
 * Imperfect by nature, so it errs towards flagging: a false flag costs support a glance; a missed
 * number costs a child. Ordinary class talk (times, dates, prices, grades, page numbers) passes.
 */
export const MASK = "[contact details removed]";

export type ScreeningReason = "email" | "phone" | "link" | "handle" | "split-number" | "suspicious-words" | "hidden-characters";

/** What each reason means, in support's words (the safety queue shows these, not the codes). */
export const SCREENING_REASON_LABELS: Readonly<Record<ScreeningReason, string>> = {
  email: "an email address",
  phone: "a phone number",
  link: "a link off the allow-list",
  handle: "a social media handle",
  "split-number": "a number split over messages",
  "suspicious-words": "suspicious words",
  "hidden-characters": "hidden characters",
};

/**
 * A reason a stored flag carries beside the screen's own: a session note's homework link to a site
 * off the allow-list, held until support decides it (lib/classroom/session-notes.ts). Not "link",
 * which is a link typed in a text, masked: support's decision on the held link takes this one alone away.
 */
export const HELD_LINK_REASON = "held-link";

const FLAG_REASON_LABELS: Readonly<Record<string, string>> = {
  ...SCREENING_REASON_LABELS,
  [HELD_LINK_REASON]: "a homework link held for support",
};

/** Reasons as support reads them: "a phone number, suspicious words"; an unknown code as it is. */
export function screeningReasonsText(reasons: readonly string[]): string {
  return reasons.map((reason) => FLAG_REASON_LABELS[reason] ?? reason).join(", ");
}

export interface Screened {
  /** The text to deliver: as typed, each contact detail replaced by MASK. */
  text: string;
  /** Something was taken out. */
  isMasked: boolean;
  /** Support should read it: something was masked, or something suspicious stayed. */
  isFlagged: boolean;
  reasons: ScreeningReason[];
}

export interface ScreeningOptions {
  /**
   * Hosts links may point to (a host matches itself and its subdomains); everything else is masked.
   * Admins keep the list (allowed-hosts.ts reads it); none given, every link is masked.
   */
  allowedHosts?: readonly string[];
  /** The author's recent texts in the same conversation, oldest first: a number split over messages is counted across them. */
  recentTexts?: readonly string[];
}

// The endings a bare "name.ending" must have to be read as a site. Not a file: no py, sh, md, js, pdf.
const TLDS =
  "com|net|org|edu|gov|mil|int|io|co|me|ly|gg|app|dev|info|biz|us|uk|ca|de|fr|in|au|nz|ie|es|it|nl|se|no|pl|ru|br|mx|jp|cn|kr|za|ch|at|dk|fi|pt|gr|tr|ar|cl|cz|hu|ro|ua|vn|ph|my|sg|id|th|pk|ng|ke|eg|ae|il|hk|tw|tv|xyz|link|site|online|live|page|chat|to|be|tk|ai|so|club|store|shop|blog|fun|games|art|world|today|space|tech|website|lol|icu|cc|ws|fm|gl|im|is|la|li|lu|ms|nu|pw|su|vc|vg|academy|school|email";

const TIGHT_DOT = String.raw`(?:\.|\(dot\)|\[dot\]|\{dot\}|\s+dot\s+)`;
const AT_SPELLED = String.raw`(?:\s*\((?:at|@)\)\s*|\s*\[(?:at|@)\]\s*|\s*\{at\}\s*|\s+at\s+)`;

const EMAIL = new RegExp(String.raw`[a-z0-9._%+-]+\s*@\s*[a-z0-9-]+(?:${TIGHT_DOT}[a-z0-9-]+)*${TIGHT_DOT}[a-z]{2,}\b`, "g");
const EMAIL_SPELLED = new RegExp(
  String.raw`\b[a-z0-9._%+-]*[a-z0-9]${AT_SPELLED}[a-z0-9-]+(?:${TIGHT_DOT}[a-z0-9-]+)*${TIGHT_DOT}(?:${TLDS})\b`,
  "g",
);
const URL_WITH_SCHEME = /\b(?:https?:\/\/|www\.)[^\s<>"']+/g;
const BARE_DOMAIN = new RegExp(String.raw`\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:${TLDS})\b(?:\/[^\s<>"']*)?`, "g");
const SPELLED_DOMAIN = new RegExp(
  String.raw`\b[a-z0-9][a-z0-9-]*(?:(?:\(dot\)|\[dot\]|\{dot\}|\s+dot\s+)[a-z0-9-]+)*(?:\(dot\)|\[dot\]|\{dot\}|\s+dot\s+)(?:${TLDS})\b`,
  "g",
);
const HANDLE = /(^|[^a-z0-9_@.])(@\s?[a-z0-9_][a-z0-9_.]{1,29}[a-z0-9_])/g;
const APP_HANDLE =
  /\b(?:insta(?:gram)?|ig|snap(?:chat)?|tiktok|discord|telegram|whats\s?app|kik|skype|twitter|facebook|fb|roblox|minecraft|xbox|psn|steam|fortnite|wechat|user\s?name|handle|gamertag)\b(?:\s+(?:user\s?name|handle|gamertag|name|tag|id))?(\s*(?:is\s*)?[:=-]?\s*@?\s*)([a-z0-9_.#]{3,32})/g;
// A run of digits with separators between them: spaces, dots, dashes, brackets, commas, slashes, stars.
const DIGIT_RUN = /\+?\(?\d(?:[\s().\-_*,/·•]{0,3}\d)*/g;
const SUSPICIOUS =
  /\b(?:whats\s?app|snap\s?chat|insta(?:gram)?|telegram|discord|tiktok|kik|wechat|text me|call me|ring me|my (?:cell|mobile|phone|number)|phone number|(?:our|a) (?:little )?secret|keep (?:it|this) (?:a )?secret|don[’']?t tell (?:your )?(?:mum|mom|dad|parents?|anyone)|delete (?:this|these|the|our) (?:messages?|chats?)|meet (?:up|in person)|send (?:me )?(?:a )?(?:photos?|pics?|pictures?|selfies?)|are you (?:home )?alone)\b/;

const PHONE_DIGITS = 7;

interface Span {
  start: number;
  end: number;
  reason: ScreeningReason;
}

const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

function trimmedEnd(match: string, start: number): number {
  return start + match.replace(TRAILING_PUNCTUATION, "").length;
}

/** Whether `host` is an allowed host or one of its subdomains (www.code.org, en.wikipedia.org). */
export function isAllowedHost(host: string, allowedHosts: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  return allowedHosts.some((allowed) => h === allowed || h.endsWith(`.${allowed}`));
}

/** The host of a link as written (with or without a scheme), or null when it is not one. */
export function hostOf(link: string): string | null {
  try {
    return new URL(/^https?:\/\//i.test(link) ? link : `http://${link}`).hostname || null;
  } catch {
    return null;
  }
}

function linkSpans(text: string, allowedHosts: readonly string[]): Span[] {
  const spans: Span[] = [];
  for (const regex of [URL_WITH_SCHEME, BARE_DOMAIN]) {
    for (const m of text.matchAll(regex)) {
      const end = trimmedEnd(m[0], m.index);
      const host = hostOf(text.slice(m.index, end));
      if (host && isAllowedHost(host, allowedHosts)) continue;
      spans.push({ start: m.index, end, reason: "link" });
    }
  }
  for (const m of text.matchAll(SPELLED_DOMAIN)) spans.push({ start: m.index, end: m.index + m[0].length, reason: "link" });
  return spans;
}

interface DigitRun {
  start: number;
  end: number;
  digits: number;
}

/** A digit run that ordinary class talk makes: a date, a year range, a price, a list of small numbers. */
function isOrdinaryNumber(text: string, run: DigitRun): boolean {
  const s = text.slice(run.start, run.end);
  if (/^\d{4}-\d{2}-\d{2}$/.test(s) || /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/.test(s)) return true;
  if (/^(?:19|20)\d\d\s?[-/]\s?(?:19|20)?\d\d$/.test(s)) return true;
  if (/[$€£¥₹]\s*$/.test(text.slice(Math.max(0, run.start - 2), run.start))) return true;
  // "pages 12, 13, 14 and 15": numbers of one or two digits, listed with commas and spaces.
  if (/,\s/.test(s) && s.split(/[^\d]+/).every((group) => group.length <= 2)) return true;
  return false;
}

function digitRuns(text: string): DigitRun[] {
  return [...text.matchAll(DIGIT_RUN)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    digits: m[0].replace(/\D/g, "").length,
  }));
}

/** Digit runs of three or more digits, short of a phone number, that are not ordinary numbers: parts of a number split up. */
function numberFragments(text: string): DigitRun[] {
  return digitRuns(text).filter((run) => run.digits >= 3 && run.digits < PHONE_DIGITS && !isOrdinaryNumber(text, run));
}

function phoneSpans(text: string): Span[] {
  return digitRuns(text)
    .filter((run) => run.digits >= PHONE_DIGITS && !isOrdinaryNumber(text, run))
    .map((run) => ({ start: run.start, end: run.end, reason: "phone" as const }));
}

function matchSpans(text: string, regex: RegExp, reason: ScreeningReason): Span[] {
  return [...text.matchAll(regex)].map((m) => ({ start: m.index, end: trimmedEnd(m[0], m.index), reason }));
}

/** "ada at example dot com"; but "the Hour of Code at code.org" names an allowed site, not an address. */
function spelledEmailSpans(text: string, allowedHosts: readonly string[]): Span[] {
  return matchSpans(text, EMAIL_SPELLED, "email").filter((span) => {
    const domain = text.slice(span.start, span.end).split(new RegExp(AT_SPELLED)).at(-1)!.replace(new RegExp(TIGHT_DOT, "g"), ".");
    return !isAllowedHost(domain, allowedHosts);
  });
}

function handleSpans(text: string): { spans: Span[] } {
  const spans: Span[] = [];
  for (const m of text.matchAll(HANDLE)) {
    const start = m.index + m[1]!.length;
    spans.push({ start, end: start + m[2]!.length, reason: "handle" });
  }
  for (const m of text.matchAll(APP_HANDLE)) {
    const joiner = m[1]!;
    const name = m[2]!;
    // "roblox: ada_plays", "insta @ada", "snap ada.k2": a name with a mark a word does not have, or after ":" or "@".
    if (!/[_.#\d]/.test(name) && !/[:@=]/.test(joiner)) continue;
    const start = m.index + m[0].length - name.length;
    spans.push({ start, end: trimmedEnd(name, start), reason: "handle" });
  }
  return { spans };
}

/** The original text with each normalised span masked; overlapping and adjacent spans become one MASK. */
function maskOriginal(input: string, normalised: NormalisedText, spans: Span[]): string {
  const original = spans
    .filter((s) => s.end > s.start)
    .map((s) => ({ start: normalised.from[s.start]!, end: normalised.to[s.end - 1]! }))
    .sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const span of original) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  let out = "";
  let at = 0;
  for (const span of merged) {
    out += input.slice(at, span.start) + MASK;
    at = span.end;
  }
  return out + input.slice(at);
}

/** Screens one text (see the module comment). Pure: the callers store the result and flag it for support. */
export function screenText(input: string, options: ScreeningOptions = {}): Screened {
  const allowedHosts = options.allowedHosts ?? [];
  const normalised = normaliseText(input);
  const text = normalised.text;
  const spans: Span[] = [
    ...matchSpans(text, EMAIL, "email"),
    ...spelledEmailSpans(text, allowedHosts),
    ...linkSpans(text, allowedHosts),
    ...handleSpans(text).spans,
    ...phoneSpans(text),
  ];
  const recent = options.recentTexts ?? [];
  if (recent.length > 0) {
    const fragments = numberFragments(text).filter((f) => !spans.some((s) => f.start < s.end && s.start < f.end));
    const earlier = recent.reduce((sum, t) => sum + numberFragments(normaliseText(t).text).reduce((n, f) => n + f.digits, 0), 0);
    const here = fragments.reduce((n, f) => n + f.digits, 0);
    if (here > 0 && earlier + here >= PHONE_DIGITS) {
      spans.push(...fragments.map((f) => ({ start: f.start, end: f.end, reason: "split-number" as const })));
    }
  }
  const reasons = new Set<ScreeningReason>(spans.map((s) => s.reason));
  if (SUSPICIOUS.test(text)) reasons.add("suspicious-words");
  if (normalised.hadHiddenSeparators) reasons.add("hidden-characters");
  const masked = spans.length > 0 ? maskOriginal(input, normalised, spans) : input;
  return { text: masked, isMasked: spans.length > 0, isFlagged: reasons.size > 0, reasons: [...reasons].sort() };
}
