/**
 * A mailto: link with an optional subject and body (RFC 6068: percent-encoded,
 * spaces as %20, line breaks as %0A), for pages that ask people to write to us.
 */
export function mailtoHref(address: string, options: { subject?: string; body?: string } = {}): string {
  const query = [
    options.subject ? `subject=${encodeURIComponent(options.subject)}` : null,
    options.body ? `body=${encodeURIComponent(options.body)}` : null,
  ].filter((part): part is string => part !== null);
  return `mailto:${address}${query.length > 0 ? `?${query.join("&")}` : ""}`;
}
