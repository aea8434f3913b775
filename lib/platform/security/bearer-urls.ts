/**
 * Pages whose URL is a key (issue 26 finding 6): whoever holds a demo's status link, its enrol
 * link (issue 27) or an unsubscribe link can act on it, and the gift pages show or take a code. Such URLs never reach a
 * third party: analytics get them with the key replaced (redactBearerUrl), and no third-party
 * widget runs on those pages (isWidgetFreePage). One list, read by both.
 */
const TOKEN_ROUTES: readonly string[] = ["/demo", "/enrol", "/unsubscribe", "/api/unsubscribe", "/gift-a-course/gifts"];

/** Pages that show or ask for a gift code, and the reset page (its link's oobCode, redacted below, is a key). */
const CODE_PAGES: readonly string[] = ["/gift-a-course/redeem", "/reset-password"];

/** Query parameters that carry a key: Firebase's action links, Stripe's return, any token or code. */
const SECRET_QUERY_PARAMETERS: readonly string[] = ["token", "code", "oobCode", "apiKey", "session_id"];

export const REDACTED = "[redacted]";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");

// A route's segment after it (not the route's own page, e.g. /demo alone), in a path or a whole URL.
const TOKEN_SEGMENT = new RegExp(`((?:^|[^\\w/.-]|//[^/\\s]*)(?:${TOKEN_ROUTES.map(escape).join("|")}))/[^/?#\\s]+`, "g");
const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_QUERY_PARAMETERS.map(escape).join("|")})=)[^&#\\s]*`, "gi");

/** The URL (absolute or a path, or any text holding one) with every key replaced by [redacted]. */
export function redactBearerUrl(url: string): string {
  return url.replace(TOKEN_SEGMENT, `$1/${REDACTED}`).replace(SECRET_QUERY, `$1${REDACTED}`);
}

const startsRoute = (pathname: string, route: string) => pathname === route || pathname.startsWith(`${route}/`);

/** Whether third-party widgets must stay off this page: its URL carries a key, or it shows or takes a code. */
export function isWidgetFreePage(pathname: string): boolean {
  return (
    TOKEN_ROUTES.some((route) => pathname.startsWith(`${route}/`)) ||
    CODE_PAGES.some((page) => startsRoute(pathname, page)) ||
    redactBearerUrl(pathname) !== pathname
  );
}
