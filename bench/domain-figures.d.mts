// The parts of bench/domain-figures.mjs that TypeScript code imports (test/bench-scale.test.ts).
export function parseDomainCheckout(text: string): {
  appCpuMs: number | null;
  postgresCpuMs: number | null;
  reactionsCpuMs: number | null;
  reactionsPostgresCpuMs: number | null;
};
