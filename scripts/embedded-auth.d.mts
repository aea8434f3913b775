export const EMULATOR_PORT: number;
export function slugOf(env?: Record<string, string | undefined>): string;
export function embeddedAuthDefaults(env?: Record<string, string | undefined>): {
  usesEmulator: boolean;
  port: number;
  host: string;
  projectId: string;
  dataDir: string;
};
export function emulatorFallbackProblem(env?: Record<string, string | undefined>): string | null;
export function exitIfEmulatorFallbackRefused(tag: string, env?: Record<string, string | undefined>): void;
export function listenHost(env?: Record<string, string | undefined>): string;
export function demoAccountsDecision(env?: Record<string, string | undefined>): { seed: boolean; reason: string };
