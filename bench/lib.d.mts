// The parts of bench/lib.mjs that TypeScript code imports (test/bench-signed-in.test.ts).
export function splitSessionCookie(headers?: Record<string, string | undefined>): {
  cookie: string | null;
  other: Record<string, string | undefined>;
};
