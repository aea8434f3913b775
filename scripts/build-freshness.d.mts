// Types for build-freshness.mjs (tsconfig has allowJs off), used by its test.
type Env = Record<string, string | undefined>;

export function buildDir(root: string, env: Env): string;
export function buildEnvSnapshot(env: Env): Record<string, string>;
export function checkBuildFreshness(options: { root: string; env: Env }): { stale: boolean; reason: string };
export function recordBuild(options: { root: string; env: Env; startedAt: number }): void;
export function checkBuildOf(options: { root: string; dir: string }): { stale: boolean; reason: string; env?: Record<string, string> };
