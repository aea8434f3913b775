// The parts of bench/signed-in.mjs that TypeScript code imports (test/bench-signed-in.test.ts).
export const SIGNED_IN_MARKER: string;
