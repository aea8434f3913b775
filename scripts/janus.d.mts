export function janusLibDir(env?: Record<string, string | undefined>): string | null;
export function ensureJanus(env?: Record<string, string | undefined>): { bin?: string; reason?: string };
export function janusConfigFiles(options: {
  dir: string;
  libDir: string;
  port: number;
  tokenSecret: string;
  adminKey: string;
  host?: string;
}): Record<string, string>;
export function isJanusUp(url: string, timeoutMs?: number): Promise<boolean>;
export interface StartedJanus {
  url: string;
  port: number;
  readonly pid: number;
  env: { JANUS_URL: string; JANUS_TOKEN_SECRET: string; JANUS_ADMIN_KEY: string };
  stop(): Promise<void>;
}
export function startJanus(options?: {
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
  readyTimeoutMs?: number;
  restartDelayMs?: number;
}): Promise<StartedJanus | { reason: string; url?: undefined }>;
export function startClassroomMedia(
  env?: Record<string, string | undefined>,
  log?: (line: string) => void,
): Promise<{ env: Partial<StartedJanus["env"]>; server?: StartedJanus }>;
