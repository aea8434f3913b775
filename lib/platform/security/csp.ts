/**
 * The Content-Security-Policy, built in one place from the configuration
 * (next.config.ts sends it on every response). With nothing configured it
 * allows this site only; each configured outside service adds exactly its hosts.
 */
export type CspDirective = "script-src" | "style-src" | "img-src" | "font-src" | "connect-src" | "frame-src";

export type CspSources = Partial<Record<CspDirective, readonly string[]>>;

const BASE: Record<CspDirective, readonly string[]> = {
  // Next's static pages carry inline bootstrap scripts; a nonce would make every page dynamic.
  "script-src": ["'self'", "'unsafe-inline'"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "blob:", "https:"],
  "font-src": ["'self'"],
  "connect-src": ["'self'"],
  // default-src covers frames until a widget needs one.
  "frame-src": [],
};

const DIRECTIVE_ORDER: readonly CspDirective[] = ["script-src", "style-src", "img-src", "font-src", "connect-src", "frame-src"];

export function contentSecurityPolicy(extra: readonly CspSources[] = []): string {
  const directives = DIRECTIVE_ORDER.flatMap((directive) => {
    const added = extra.flatMap((sources) => sources[directive] ?? []);
    if (directive === "frame-src" && added.length === 0) return [];
    const sources = [...new Set([...(directive === "frame-src" ? ["'self'"] : BASE[directive]), ...added])];
    return [`${directive} ${sources.join(" ")}`];
  });
  return ["default-src 'self'", ...directives, "frame-ancestors 'none'", "base-uri 'self'", "form-action 'self'", "object-src 'none'"].join(
    "; ",
  );
}

/** The origin of a URL as a CSP host source (scheme, host, port; no path). */
export function originOf(url: string): string {
  return new URL(url).origin;
}
