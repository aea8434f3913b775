export function startAuthEmulator(options: {
  port: number;
  projectId: string;
  dataDir?: string;
  log?: (line: string) => void;
}): Promise<{ host: string; stop(): Promise<void> }>;
export function clearEmulatorAccounts(host: string, projectId: string): Promise<void>;
export function findFreePortTriple(from: number): Promise<number>;
