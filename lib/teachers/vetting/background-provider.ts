import "server-only";

/**
 * The background-check provider (issue 38), behind one interface so a real one (Checkr, Sterling
 * ...) replaces the stand-in without touching the review. The embedded default has no provider
 * account, so it runs the local stand-in, which answers from test names as the Stripe stand-in
 * answers from test cards: see STAND_IN_NAMES.
 */
export interface BackgroundCheckResult {
  status: "passed" | "flagged" | "failed";
  /** The provider's reference for the report. */
  reference: string;
  /** What an admin reads beside a flagged or failed result. */
  note: string | null;
}

export interface BackgroundCheckProvider {
  readonly name: string;
  check(person: { applicationId: number; name: string; email: string }): Promise<BackgroundCheckResult>;
}

/** The stand-in's test names: a name with the word "Flagged" is flagged, with "Failed" fails; any other passes. */
export const STAND_IN_NAMES = { flagged: /\bflagged\b/i, failed: /\bfailed\b/i } as const;

export const standInBackgroundChecks: BackgroundCheckProvider = {
  name: "Local stand-in (TEST)",
  async check({ applicationId, name }) {
    const reference = `test-bgc-${applicationId}`;
    if (STAND_IN_NAMES.failed.test(name)) return { status: "failed", reference, note: "TEST: a record that disqualifies (test name)." };
    if (STAND_IN_NAMES.flagged.test(name))
      return { status: "flagged", reference, note: "TEST: a record for an admin to read before deciding (test name)." };
    return { status: "passed", reference, note: null };
  },
};

/** The provider in use. Only the stand-in is wired here; a real provider's client goes in this one place. */
export function backgroundCheckProvider(): BackgroundCheckProvider {
  return standInBackgroundChecks;
}
