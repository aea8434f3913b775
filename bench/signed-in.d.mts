// The parts of bench/signed-in.mjs that TypeScript code imports (test/bench-signed-in.test.ts).
export const SIGNED_IN_MARKER: string;
export const LEARNER_ROUTE: string;
export const LEARNER_MARKER: string;
export function isJsCheckedSignedIn(route: string, env?: Record<string, string | undefined>): boolean;
export function signInLearner(base: string, actionId: string, learner: { username: string; pictures: readonly string[] }): Promise<string>;
