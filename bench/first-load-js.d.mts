// The parts of bench/first-load-js.mjs that TypeScript code imports (test/bench-signed-in.test.ts).
export interface MeasuredRoute {
  route: string;
  url: string;
  finalUrl: string;
  status: number;
  js: { count: number; bytes: number; gzip: number };
  /** Only when measureRoute was given a signed-in marker. */
  signedIn?: boolean;
}
export function measureRoute(
  base: string,
  route: string,
  headers?: Record<string, string>,
  signedInMarker?: string | null,
): Promise<MeasuredRoute>;
