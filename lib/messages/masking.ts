/**
 * Child safety (issue 28): contact details are taken out of a message before anyone but support
 * sees it, so that talk stays on the platform. What counts: email addresses, phone numbers (seven
 * digits or more, with spaces, dots, dashes, brackets or a leading +, "+1 555 0142"), outside links
 * (http(s)://, www., or a bare domain such as example.com/path) and social handles (@name). The
 * message keeps its words; each detail becomes MASK. Imperfect by nature (spelled-out digits, "at"
 * and "dot" get through): the flag sends every masked message to support, who read it whole.
 */
export const MASK = "[contact details removed]";

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/giu;
const URL_WITH_SCHEME = /\b(?:https?:\/\/|www\.)[^\s<>"']+/giu;
const TLDS = "com|net|org|io|co|me|ly|gg|app|dev|info|biz|us|uk|ca|de|fr|in|au|tv|xyz|link|site|online|live|page|chat|to|be|tk|ai|so";
const BARE_DOMAIN = new RegExp(`\\b[a-z0-9][a-z0-9-]*(?:\\.[a-z0-9-]+)*\\.(?:${TLDS})\\b(?:/[^\\s<>"']*)?`, "giu");
const HANDLE = /(^|[^\p{L}\p{N}_@])@[\p{L}\p{N}_][\p{L}\p{N}_.]{1,29}/gu;
const PHONE_LIKE = /\+?\(?\d[\d\s().-]{5,}\d/gu;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface MaskedText {
  text: string;
  /** Whether anything was taken out: the message is then flagged and its original kept for support. */
  isMasked: boolean;
}

export function maskContactDetails(input: string): MaskedText {
  let text = input.replace(EMAIL, MASK);
  text = text.replace(URL_WITH_SCHEME, MASK);
  text = text.replace(BARE_DOMAIN, MASK);
  text = text.replace(HANDLE, (_match, before: string) => `${before}${MASK}`);
  text = text.replace(PHONE_LIKE, (match) => {
    const digits = match.replace(/\D/g, "").length;
    return digits >= 7 && !ISO_DATE.test(match.trim()) ? MASK : match;
  });
  return { text, isMasked: text !== input };
}
