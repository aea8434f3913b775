/**
 * Return paths (callbackUrl, returnTo) that lead off this site once the URL parser has normalised
 * them, though many start with a single "/": the class of issue 1. Each is tried against every
 * place that takes a return path (lib/platform/auth/return-paths.test.ts).
 */
export const HOSTILE_RETURN_PATHS = [
  // Plainly elsewhere.
  "https://evil.example/phish",
  "http://evil.example",
  "//evil.example",
  "//evil.example/path?x=1#y",
  "///evil.example",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  // Backslashes, which the parser reads as slashes.
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\\/evil.example",
  // Dot segments removed after the host is read: one slash raw, two once normalised.
  "/.//evil.example",
  "/./\\evil.example",
  "/a/..//evil.example",
  "/x/../..//evil.example/p?q=1#h",
  "/..//evil.example",
  "/../\\evil.example",
  "/.//evil.example/..",
  // Percent-encoded dots, which the parser decodes as dot segments.
  "/%2e//evil.example",
  "/%2E//evil.example",
  "/%2e%2e//evil.example",
  "/a/%2e%2e//evil.example",
  "/.%2e//evil.example",
  "/%2e/\\evil.example",
  // Tabs and newlines, which the parser drops.
  "/\t/evil.example",
  "/\n/evil.example",
  "\t//evil.example",
  " //evil.example",
  "/.\t//evil.example",
  // Mixed.
  "/%2e/.\\/evil.example",
  "/a/%2E%2e/\\\\evil.example",
  "/./%2e/..//\\evil.example",
] as const;

/** What a return path that does lead somewhere on this site becomes, once normalised. */
export const SAFE_RETURN_PATHS: ReadonlyArray<readonly [string, string]> = [
  ["/my-courses", "/my-courses"],
  ["/user/edit-profile?tab=1#name", "/user/edit-profile?tab=1#name"],
  ["/a/../my-courses", "/my-courses"],
  ["/%2e/my-courses", "/my-courses"],
  ["/user\\edit-profile", "/user/edit-profile"],
  // Encoded slashes and backslashes stay encoded: a path segment, not a host.
  ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
  ["/%5C%5Cevil.example", "/%5C%5Cevil.example"],
];
