/** The browser's IANA zone ("America/Los_Angeles"): what an account's zone starts as. Empty if the browser says none. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
}
