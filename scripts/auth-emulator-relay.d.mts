export const IDENTITY_PATH: string;
export function mayChangeAccounts(method: string | undefined, pathname: string): boolean;
export function oneAtATime<T>(task: () => Promise<T>): () => Promise<T>;
export function prepareExportFolder(dataDir: string, root: string): void;
export function exportAccounts(options: { emulatorHost: string; projectId: string; dataDir: string }): Promise<void>;
export function openRelay(options: {
  port: number;
  identity: { projectId: string; dataDir: string };
  log?: (line: string) => void;
}): Promise<{ forwardTo(emulatorPort: number, save: () => Promise<void>): void; close(): Promise<void> }>;
