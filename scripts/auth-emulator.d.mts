export function startAuthEmulator(options: {
  port: number;
  projectId: string;
  dataDir?: string;
  log?: (line: string) => void;
}): Promise<{ host: string; stop(): Promise<void> }>;
export function clearEmulatorAccounts(host: string, projectId: string): Promise<void>;
export function findFreePortTriple(from: number): Promise<number>;
export function ensureAuthEmulator(options: {
  port: number;
  projectId: string;
  dataDir: string;
  log?: (line: string) => void;
  emulatorLog?: (line: string) => void;
}): Promise<{ host: string; emulator: { stop(): Promise<void> } | null; note: string }>;
export function emulatorOwner(host: string): Promise<{ projectId: string; dataDir: string; ready: boolean } | null>;
