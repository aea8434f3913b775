import "server-only";

import { brand } from "@/lib/platform/brand";

/**
 * The one look of every message: plain text, and simple HTML saying the same. No images, no
 * tracking pixels, no redirecting links (a children's product): links go straight to their page.
 */
export interface EmailBody {
  /** "Hello Sam," (the template decides; no name is fine). */
  greeting: string;
  paragraphs: string[];
  /** Label and value lines, such as When and Teacher. */
  details?: Array<[label: string, value: string]>;
  /** One link the reader is asked to follow, shown as a button in HTML and as the URL in text. */
  action?: { label: string; url: string };
  /**
   * Someone else's words (a gift's message), set apart so they cannot read as ours (issue 26
   * finding 8): after `intro`, each line behind "> " in text and in a bordered block in HTML, with
   * links defanged (defangLinks) so that no mail program makes them clickable.
   */
  quote?: { intro: string; text: string };
  /** Small print after the action (why the reader gets this message, how to stop it). */
  footer?: string[];
}

/**
 * Text with its links made unclickable and visibly not ours: "http://evil.example" becomes
 * "http[:]//evil[.]example" (the convention of security notices), so mail programs, which link
 * anything that looks like a URL or a domain, link nothing.
 */
export function defangLinks(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*):\/\//gi, "$1[:]//").replace(/([\p{L}\p{N}_-])\.(?=\p{L}[\p{L}\p{N}-])/gu, "$1[.]");
}

const quotedLines = (text: string) =>
  defangLinks(text)
    .split(/\r?\n/)
    .map((line) => `> ${line}`.trimEnd());

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

function signature(): string {
  return `${brand.name} · ${brand.supportEmail} · ${brand.supportPhone}`;
}

export function renderText(body: EmailBody): string {
  const lines = [body.greeting, "", ...body.paragraphs.flatMap((p) => [p, ""])];
  if (body.quote) lines.push(body.quote.intro, ...quotedLines(body.quote.text), "");
  if (body.details?.length) lines.push(...body.details.map(([label, value]) => `${label}: ${value}`), "");
  if (body.action) lines.push(`${body.action.label}: ${body.action.url}`, "");
  if (body.footer?.length) lines.push(...body.footer.flatMap((p) => [p, ""]));
  lines.push("--", signature());
  return lines.join("\n");
}

export function renderHtml(body: EmailBody, subject: string): string {
  const paragraphs = body.paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  const details = body.details?.length
    ? `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${body.details
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="text-align:left;padding:2px 12px 2px 0;font-weight:600">${escapeHtml(label)}</th><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  const quote = body.quote
    ? `<p style="margin:0 0 8px">${escapeHtml(body.quote.intro)}</p><blockquote style="margin:0 0 16px;padding:8px 12px;border-left:4px solid #9ca3af;background:#f3f4f6;color:#374151;white-space:pre-wrap">${escapeHtml(defangLinks(body.quote.text))}</blockquote>`
    : "";
  const action = body.action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(body.action.url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(body.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#374151">${escapeHtml(body.action.url)}</p>`
    : "";
  const footer = (body.footer ?? []).map((p) => `<p style="margin:0 0 16px;font-size:13px;color:#374151">${escapeHtml(p)}</p>`).join("");
  return [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:24px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:16px;line-height:1.5;color:#111827;background:#ffffff">`,
    `<p style="margin:0 0 16px">${escapeHtml(body.greeting)}</p>${paragraphs}${quote}${details}${action}${footer}`,
    `<p style="margin:24px 0 0;font-size:13px;color:#374151">${escapeHtml(signature())}</p>`,
    `</body></html>`,
  ].join("");
}

/** Subject, text and HTML of one message from its body. */
export function renderEmail(subject: string, body: EmailBody) {
  return { subject, text: renderText(body), html: renderHtml(body, subject) };
}
